// Player input: keys (the player's key map, prefs.js: arrows, WASD, H, +/- and, in an 8-direction maze,
// the numeric keypad and Q/E/Z/C out of the box), swipes, the on-screen pad, clicks on a neighbouring
// cell, drag to pan, the wheel to zoom and the "r c" coordinate box. Moves go to the stepper
// (stepper.js), which paces them: a press is a step, held it repeats (our own timer: the OS key repeat
// is ignored), the run key with a direction, a double-tap (when the player turned it on) or a long swipe
// runs to the junction. Other intents go out through callbacks. In a 4-direction maze no diagonal
// intent ever leaves here.
import { DEFAULT_KEYS, actionOf, keyName } from './prefs.js';
import { isDoubleTap } from './stepper.js';
import { t } from '../common/i18n.js';

/** @typedef {import('../model/wire-types.js').Cell} Cell */
/** @typedef {import('../model/maze.js').Dir} Dir */

export const MOVE_INTERVAL = 85; // ms between moves until the server's rules have come

/** The ms between moves: the server's move rate (GET /api/rules), or MOVE_INTERVAL until the rules are known. */
/** @param {any} rules GET /api/rules's answer, or null before it came */
export function moveInterval(rules) {
  const rate = rules?.rate_limits?.move?.rate;
  return rate > 0 ? Math.ceil(1000 / rate) : MOVE_INTERVAL;
}

/** @type {Set<string | null>} */
const DIRECTIONS = new Set(['up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right']);
/** @type {Set<string>} */
const DIAGONALS = new Set(['up-left', 'up-right', 'down-left', 'down-right']);

/** Whether `dir` is a move in a maze of `directions` (4 or 8). */
/** @param {string} dir @param {number} directions */
export const allowedIn = (dir, directions) => directions === 8 || !DIAGONALS.has(dir);

/**
 * The move a key names ({key, code} of a KeyboardEvent) in a maze of `directions` with key map `keys`, or null.
 * @param {{key?: unknown, code?: unknown}} event
 * @param {number} [directions]
 * @param {import('./prefs.js').KeyMap} [keys]
 * @returns {Dir | null}
 */
export function keyDirection(event, directions = 4, keys = DEFAULT_KEYS) {
  const action = actionOf(keys, keyName(event));
  return action !== null && DIRECTIONS.has(action) && allowedIn(action, directions) ? /** @type {Dir} */ (action) : null;
}

// Swipe sectors, clockwise from east (screen y grows downwards).
/** @type {Dir[]} */
const SECTORS_8 = ['right', 'down-right', 'down', 'down-left', 'left', 'up-left', 'up', 'up-right'];
/** @type {Dir[]} */
const SECTORS_4 = ['right', 'down', 'left', 'up'];

/** The move a swipe by (dx, dy) px names: 45 degree sectors in an 8-direction maze, 90 in a 4-direction one. */
/** @param {number} dx @param {number} dy @param {number} [directions] */
export function swipeDirection(dx, dy, directions = 4) {
  const sectors = directions === 8 ? SECTORS_8 : SECTORS_4;
  const turn = Math.atan2(dy, dx) / (2 * Math.PI); // -0.5 .. 0.5 of a full turn
  const n = sectors.length;
  return sectors[((Math.round(turn * n) % n) + n) % n];
}

/** "r c", "r,c" or "(r, c)" -> [r, c], or null. */
/** @param {unknown} text @returns {Cell | null} */
export function parseCell(text) {
  const m = /^\s*\(?\s*(-?\d+)\s*[\s,;]\s*(-?\d+)\s*\)?\s*$/.exec(String(text));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** @param {any} target */
const typing = (target) =>
  !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName || ''));

const IDLE = Object.freeze({ doing: null, press() {}, release() {}, run() {}, stop() {} });
const SWIPE_PX = 24; // a finger that travels this far moves (and keeps moving while it stays down)
const LONG_SWIPE_PX = 96; // ... this far within LONG_SWIPE_MS of touching down runs to the junction
const LONG_SWIPE_MS = 300;

/**
 * opts: {canvas, pad?, moveBox? (the coordinate <input>), pick(x, y) -> [r, c] | null, stepper? (stepper.js),
 *        keys?() -> the key map (prefs.js), doubleTap?() -> whether a double-tap runs,
 *        paused?() -> true while keys belong to something else (the preferences dialog),
 *        directions?() -> 4 | 8, the current maze's (4 when left out)}
 * on: {moveTo([r, c]) (typed), pickCell([r, c]) (clicked), hint(), zoom(factor, x?, y?), pan(dx, dy),
 *      wholeMaze() (fit the whole maze, or follow again), bad(text), active() -> bool}
 * @param {{canvas: HTMLCanvasElement, pad?: HTMLElement | null, moveBox?: HTMLInputElement | null, pick(x: number, y: number): readonly number[] | null,
 *   stepper?: Pick<import('./stepper.js').Stepper, 'doing' | 'press' | 'release' | 'run' | 'stop'>, keys?: () => import('./prefs.js').KeyMap,
 *   doubleTap?: () => boolean, paused?: () => boolean, directions?: () => number}} opts
 * @param {{moveTo?(cell: Cell): void, pickCell?(cell: readonly number[]): void, hint(): void, zoom(factor: number, x?: number, y?: number): void,
 *   pan(dx: number, dy: number): void, wholeMaze?(): void, bad?(text: string): void, active(): boolean}} on the replay page, where
 *   nobody moves (active() is false, no coordinate box), leaves out moveTo, pickCell, wholeMaze and bad
 */
export function attachInput(opts, on) {
  const { canvas } = opts;
  const stepper = opts.stepper || IDLE; // the replay page moves nobody
  const directions = opts.directions || (() => 4);
  const keys = opts.keys || (() => DEFAULT_KEYS);
  const doubleTap = opts.doubleTap || (() => false);
  /** @type {Set<string>} */
  const held = new Set(); // run keys held down
  /** @type {{dir: Dir, at: number} | null} */
  let lastTap = null; // {dir, at} of the last press, for double-taps

  /** A direction pressed by `source` (a key name, 'pad' or 'swipe'): a run with the run key or a double-tap, else a step. */
  /** @param {Dir} dir @param {string} source @param {number} at @param {boolean} [running] */
  function press(dir, source, at, running = false) {
    if (!on.active() || !allowedIn(dir, directions())) return false;
    if (running || (doubleTap() && isDoubleTap(lastTap, dir, at))) {
      lastTap = null;
      stepper.run(dir);
    } else {
      lastTap = { dir, at };
      stepper.press(dir, source);
    }
    return true;
  }

  window.addEventListener('keydown', (e) => {
    if (opts.paused?.() || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const name = keyName(e);
    const map = keys();
    const action = actionOf(map, name);
    if (action === 'run') {
      held.add(name);
      return;
    }
    const isMove = action !== null && DIRECTIONS.has(action) && allowedIn(action, directions());
    if (e.repeat) {
      if (isMove && on.active()) e.preventDefault(); // our own timer repeats a held key
      return;
    }
    if (stepper.doing === 'run') stepper.stop(); // any other key stops a run
    if (isMove) {
      const running = (map.run || []).some((k) => held.has(k) || (k === 'Shift' && e.shiftKey));
      if (press(/** @type {Dir} */ (action), name, e.timeStamp, running)) e.preventDefault();
    } else if (action === 'hint') {
      e.preventDefault();
      on.hint();
    } else if (action === 'zoom-in') {
      on.zoom(1.25);
    } else if (action === 'zoom-out') {
      on.zoom(0.8);
    } else if (action === 'whole-maze') {
      on.wholeMaze?.();
    }
  });
  window.addEventListener('keyup', (e) => {
    const name = keyName(e);
    held.delete(name);
    stepper.release(name);
  });
  const letGo = () => {
    held.clear();
    stepper.stop();
  };
  window.addEventListener('blur', letGo);
  document.addEventListener('visibilitychange', () => document.hidden && letGo());

  // Pointer: a tap/click picks a cell, a drag pans (mouse, spectators), a finger's drag moves.
  /** @type {{x: number, y: number, lx: number, ly: number, ax: number, ay: number, at: number, type: string, dragged: boolean, dir: Dir | null, ran: boolean} | null} */
  let down = null;
  canvas.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY, lx: e.clientX, ly: e.clientY, ax: e.clientX, ay: e.clientY, at: e.timeStamp, type: e.pointerType, dragged: false, dir: null, ran: false };
    canvas.setPointerCapture?.(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!down) return;
    if (Math.hypot(e.clientX - down.x, e.clientY - down.y) > 6) down.dragged = true;
    if (down.type !== 'mouse' && on.active()) return swipe(e);
    if (down.dragged) {
      on.pan(e.clientX - down.lx, e.clientY - down.ly);
      down.lx = e.clientX;
      down.ly = e.clientY;
    }
  });
  /** A finger moving over the maze: each SWIPE_PX of travel names a direction, held until the finger lifts or turns; a quick long swipe runs. */
  /** @param {PointerEvent} e */
  function swipe(e) {
    if (!down) return; // only called while a pointer is down
    const dx = e.clientX - down.ax;
    const dy = e.clientY - down.ay;
    if (Math.hypot(dx, dy) < SWIPE_PX) return;
    const dir = swipeDirection(dx, dy, directions());
    [down.ax, down.ay] = [e.clientX, e.clientY];
    const long = Math.hypot(e.clientX - down.x, e.clientY - down.y) >= LONG_SWIPE_PX && e.timeStamp - down.at <= LONG_SWIPE_MS;
    if (dir === down.dir && long && !down.ran) {
      down.ran = true;
      stepper.run(dir);
    } else if (dir !== down.dir) {
      down.dir = dir;
      down.ran = false;
      press(dir, 'swipe', e.timeStamp);
    }
  }
  canvas.addEventListener('pointerup', (e) => {
    const start = down;
    down = null;
    if (!start) return;
    if (start.dir) stepper.release('swipe');
    else if (!start.dragged) {
      const cell = opts.pick(e.clientX, e.clientY);
      if (cell && on.active()) on.pickCell?.(cell);
    }
  });
  canvas.addEventListener('pointercancel', () => {
    if (down?.dir) stepper.release('swipe');
    down = null;
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      on.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
    },
    { passive: false },
  );

  // The pad repeats while a pointer holds a button; a keyboard's Enter or Space on a button is one step.
  const pad = opts.pad;
  pad?.addEventListener('pointerdown', (e) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-dir]'));
    if (!button) return;
    e.preventDefault(); // keep the keyboard focus where it was
    press(/** @type {Dir} */ (button.dataset.dir), 'pad', e.timeStamp);
  });
  const letPadGo = () => stepper.release('pad');
  pad?.addEventListener('pointerup', letPadGo);
  pad?.addEventListener('pointercancel', letPadGo);
  for (const button of pad?.querySelectorAll('[data-dir]') || []) button.addEventListener('pointerleave', letPadGo);
  pad?.addEventListener('click', (e) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-dir]'));
    if (!button || e.detail !== 0) return; // a pointer's click was its pointerdown
    if (press(/** @type {Dir} */ (button.dataset.dir), 'pad-key', e.timeStamp)) stepper.release('pad-key');
  });

  // The coordinate box (an <input> inside a <form>): "r c" then Enter.
  opts.moveBox?.form?.addEventListener('submit', (e) => {
    e.preventDefault();
    const box = /** @type {HTMLInputElement} */ (opts.moveBox);
    const cell = parseCell(box.value);
    if (!cell) {
      on.bad?.(t('room.move_box_bad'));
      return;
    }
    if (on.active()) on.moveTo?.(cell);
    box.select();
  });
}
