// Player input: keys (arrows, WASD, H, +/-; in an 8-direction maze also the numeric keypad and
// Q/E/Z/C), swipes, the on-screen pad, clicks on a neighbouring cell, drag to pan, the wheel to zoom and
// the "r c" coordinate box. Emits intents through callbacks only; in a 4-direction maze no diagonal
// intent ever leaves here.

export const MOVE_INTERVAL = 85; // ms between moves: at most about 12 a second

/** The ms between moves: MOVE_INTERVAL, or longer when the server's move rate (GET /api/rules) is lower. */
export function moveInterval(rules) {
  const rate = rules?.rate_limits?.move?.rate;
  return rate > 0 ? Math.max(MOVE_INTERVAL, Math.ceil(1000 / rate)) : MOVE_INTERVAL;
}

const STRAIGHT_KEYS = new Map([
  ['ArrowUp', 'up'],
  ['ArrowDown', 'down'],
  ['ArrowLeft', 'left'],
  ['ArrowRight', 'right'],
  ['w', 'up'],
  ['s', 'down'],
  ['a', 'left'],
  ['d', 'right'],
]);
// Diagonals beside WASD: Q up-left, E up-right, Z down-left, C down-right. With NumLock off the keypad's
// corner keys say Home, PageUp, End and PageDown.
const DIAGONAL_KEYS = new Map([
  ['q', 'up-left'],
  ['e', 'up-right'],
  ['z', 'down-left'],
  ['c', 'down-right'],
  ['Home', 'up-left'],
  ['PageUp', 'up-right'],
  ['End', 'down-left'],
  ['PageDown', 'down-right'],
]);
// The numeric keypad by position (`e.code`), whatever NumLock says: 7 8 9 / 4 6 / 1 2 3.
const NUMPAD = new Map([
  ['Numpad8', 'up'],
  ['Numpad2', 'down'],
  ['Numpad4', 'left'],
  ['Numpad6', 'right'],
  ['Numpad7', 'up-left'],
  ['Numpad9', 'up-right'],
  ['Numpad1', 'down-left'],
  ['Numpad3', 'down-right'],
]);
const DIAGONALS = new Set(DIAGONAL_KEYS.values());

/** Whether `dir` is a move in a maze of `directions` (4 or 8). */
export const allowedIn = (dir, directions) => directions === 8 || !DIAGONALS.has(dir);

/** The move a key names ({key, code} of a KeyboardEvent) in a maze of `directions`, or null. */
export function keyDirection({ key, code }, directions = 4) {
  const name = typeof key === 'string' && key.length === 1 ? key.toLowerCase() : key;
  const dir = NUMPAD.get(code) ?? STRAIGHT_KEYS.get(name) ?? DIAGONAL_KEYS.get(name) ?? null;
  return dir && allowedIn(dir, directions) ? dir : null;
}

// Swipe sectors, clockwise from east (screen y grows downwards).
const SECTORS_8 = ['right', 'down-right', 'down', 'down-left', 'left', 'up-left', 'up', 'up-right'];
const SECTORS_4 = ['right', 'down', 'left', 'up'];

/** The move a swipe by (dx, dy) px names: 45 degree sectors in an 8-direction maze, 90 in a 4-direction one. */
export function swipeDirection(dx, dy, directions = 4) {
  const sectors = directions === 8 ? SECTORS_8 : SECTORS_4;
  const turn = Math.atan2(dy, dx) / (2 * Math.PI); // -0.5 .. 0.5 of a full turn
  const n = sectors.length;
  return sectors[((Math.round(turn * n) % n) + n) % n];
}

/** "r c", "r,c" or "(r, c)" -> [r, c], or null. */
export function parseCell(text) {
  const m = /^\s*\(?\s*(-?\d+)\s*[\s,;]\s*(-?\d+)\s*\)?\s*$/.exec(String(text));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

const typing = (target) =>
  !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName || ''));

/**
 * opts: {canvas, pad?, moveBox? (the coordinate <input>), pick(x, y) -> [r, c] | null,
 *        interval?() -> ms between moves (MOVE_INTERVAL when left out),
 *        directions?() -> 4 | 8, the current maze's (4 when left out)}
 * on: {move(dir), moveTo([r, c]) (typed), pickCell([r, c]) (clicked), hint(), zoom(factor, x?, y?), pan(dx, dy),
 *      bad(text), active() -> bool}
 */
export function attachInput(opts, on) {
  const { canvas } = opts;
  const interval = opts.interval || (() => MOVE_INTERVAL);
  const directions = opts.directions || (() => 4);
  let last = -Infinity;
  let queued = null;
  let timer = 0;

  // Throttled moves: one queued intent is kept and sent when the interval allows.
  function move(dir, repeat = false) {
    if (!on.active() || !allowedIn(dir, directions())) return;
    const now = performance.now();
    const wait = last + interval() - now;
    if (wait <= 0) {
      last = now;
      on.move(dir);
      return;
    }
    queued = { dir, repeat };
    if (!timer) {
      timer = setTimeout(() => {
        timer = 0;
        const next = queued;
        queued = null;
        if (next) move(next.dir);
      }, wait);
    }
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const dir = keyDirection(e, directions());
    if (dir) {
      if (!on.active()) return;
      e.preventDefault();
      // Held keys repeat faster than we move: repeats only refill the queue.
      if (e.repeat && timer) return;
      move(dir, e.repeat);
    } else if (key === 'h') {
      e.preventDefault();
      on.hint();
    } else if (key === '+' || key === '=') {
      on.zoom(1.25);
    } else if (key === '-' || key === '_') {
      on.zoom(0.8);
    }
  }
  window.addEventListener('keydown', onKey);
  // Releasing a held key drops a move queued by its auto-repeat, so the arrow does not overshoot.
  window.addEventListener('keyup', () => {
    if (queued?.repeat) queued = null;
  });

  // Pointer: a tap/click picks a cell, a drag pans (spectators), a swipe on touch moves.
  let down = null;
  canvas.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY, lx: e.clientX, ly: e.clientY, type: e.pointerType, dragged: false };
    canvas.setPointerCapture?.(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!down) return;
    const dx = e.clientX - down.lx;
    const dy = e.clientY - down.ly;
    if (Math.hypot(e.clientX - down.x, e.clientY - down.y) > 6) down.dragged = true;
    if (down.dragged && (down.type === 'mouse' || !on.active())) {
      on.pan(dx, dy);
      down.lx = e.clientX;
      down.ly = e.clientY;
    }
  });
  canvas.addEventListener('pointerup', (e) => {
    const start = down;
    down = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!start.dragged) {
      const cell = opts.pick(e.clientX, e.clientY);
      if (cell && on.active()) on.pickCell(cell);
    } else if (start.type !== 'mouse' && on.active() && Math.max(Math.abs(dx), Math.abs(dy)) > 24) {
      move(swipeDirection(dx, dy, directions()));
    }
  });
  canvas.addEventListener('pointercancel', () => (down = null));
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      on.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
    },
    { passive: false },
  );

  opts.pad?.addEventListener('click', (e) => {
    const button = e.target.closest('[data-dir]');
    if (button) move(button.dataset.dir);
  });

  // The coordinate box (an <input> inside a <form>): "r c" then Enter.
  opts.moveBox?.form?.addEventListener('submit', (e) => {
    e.preventDefault();
    const cell = parseCell(opts.moveBox.value);
    if (!cell) {
      on.bad('Type a cell as "row column", for example "0 1"');
      return;
    }
    if (on.active()) on.moveTo(cell);
    opts.moveBox.select();
  });
}
