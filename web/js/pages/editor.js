// The maze editor (/editor, web/editor.html): draw a maze, watch its card, race it once (the clear
// check) and publish it. This file wires the editor's parts (editor/: the model and its history, the
// canvas view, the pointers, the card, the clear check, the folds) to the page and holds no rule.
// `?from=CODE` starts from a published maze.
import { t, translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { $, announce, dismissMessage, message } from '../common/ui.js';
import { loadRules } from '../net/rules.js';
import { keyDirection } from '../input/input.js';
import { decodeMaze } from '../model/maze.js';
import { cardFrom, shortestWay, sideMasks } from '../model/maze-card.js';
import { EditorModel } from '../editor/editor-model.js';
import { blankMaze } from '../editor/maze-shapes.js';
import { EditorView } from '../editor/editor-view.js';
import { attachPointer } from '../editor/editor-pointer.js';
import { attachKeys } from '../editor/editor-keys.js';
import { CardView } from '../editor/card-view.js';
import { ClearCheck } from '../editor/clear-check.js';
import { bindExchange, bindNewMaze, showExports } from '../editor/editor-forms.js';
import { finishClearCheck, publishedMaze, refusal, startClearCheck } from '../editor/editor-api.js';
import { bindPublish, checkText, publishNote } from '../editor/publish-panel.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

/** @typedef {import('../editor/editor-pointer.js').Tool} Tool */
/** @typedef {[number, number]} Cell */

const canvas = /** @type {HTMLCanvasElement} */ ($('editor-canvas'));
const model = new EditorModel(blankMaze(10, 10));
const view = new EditorView(canvas);
const cardView = new CardView($('card-verdict'), $('card-rows'));
const showWay = /** @type {HTMLInputElement} */ ($('show-way'));
/** @type {Tool} */
let tool = 'carve';
/** @type {[Cell, Cell] | null} */
let region = null;
/** @type {Cell | null} */
let cursor = null;
/** @type {import('../model/maze-card.js').MazeCard} */
let card = cardFrom(model.maze, sideMasks(model.maze)).card;
/** @type {Cell[] | null} */
let way = null;
let measured = -1; // the revision the card was made for
let shown = -1; // the revision the page's messages were about
let timed = 0;
const MEASURES_KEPT = 5000; // performance entries kept before they are cleared (a long session makes many)
let bounds = { min: 5, max: 150 }; // the room sizes a published maze keeps to, from the rules once loaded

const check = new ClearCheck({ start: startClearCheck, finish: finishClearCheck }, showCheck);

const draw = () =>
  view.request(() => {
    const state = check.state;
    const walk = 'walk' in state && check.busy ? state.walk : null;
    return [model.maze, model.revision, { way: showWay.checked ? way : null, walk, region, cursor }, model.takeTouched()];
  });

/** After every edit: the card (timed, as `editor-card` performance measures), undo and redo, the publish note, the picture. */
function refresh() {
  if (measured !== model.revision) {
    performance.mark('editor-card-start');
    const masks = sideMasks(model.maze);
    card = cardFrom(model.maze, masks).card;
    way = showWay.checked && card.solvable ? shortestWay(model.maze, masks) : null;
    cardView.update(card);
    performance.measure('editor-card', 'editor-card-start');
    if (++timed % MEASURES_KEPT === 0) {
      performance.clearMeasures();
      performance.clearMarks();
    }
    measured = model.revision;
  }
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = !model.canUndo || check.busy;
  /** @type {HTMLButtonElement} */ ($('redo')).disabled = !model.canRedo || check.busy;
  if (shown !== model.revision) {
    shown = model.revision;
    dismissMessage('error'); // a refusal was about the maze before this edit
  }
  showExports(model.maze.directions);
  showCheck(check.state);
  draw();
}

/**
 * A maze came in whole (blank, generated, imported, published, resized): show all of it, and bring it
 * into view when it came from a fold far under it (on a phone the new maze was drawn off screen, and
 * nothing said it had come).
 * @param {string} [reason] the fold's action, none for the maze a page starts from
 */
function replaced(reason) {
  check.stop(); // a clear check under way was for the maze replaced
  view.fitted = true;
  syncSize();
  refresh();
  const box = /** @type {HTMLElement} */ (document.querySelector('.canvas-box')).getBoundingClientRect();
  if (reason && (box.bottom < box.height / 2 || box.top > innerHeight - box.height / 2)) {
    /** @type {HTMLElement} */ (document.querySelector('.canvas-box')).scrollIntoView({ block: 'start' });
  }
}

/** What each tool does, in one line (catalogue keys). */
const TOOL_HINTS = Object.freeze({
  carve: 'editor.hint.carve',
  build: 'editor.hint.build',
  entrance: 'editor.hint.entrance',
  exit: 'editor.hint.exit',
  'open-region': 'editor.hint.open_region',
  'wall-region': 'editor.hint.wall_region',
});

/** The tool's buttons and its one-line hint. @param {Tool} next */
function chooseTool(next) {
  tool = next;
  for (const button of document.querySelectorAll('.tool')) {
    button.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (button).dataset.tool === next));
  }
  $('tool-hint').textContent = t(TOOL_HINTS[next]);
}

for (const button of document.querySelectorAll('.tool')) {
  button.addEventListener('click', () => chooseTool(/** @type {Tool} */ (/** @type {HTMLElement} */ (button).dataset.tool)));
}
chooseTool('carve');

attachPointer(canvas, model, view, {
  tool: () => tool,
  locked: () => check.busy,
  edited: refresh,
  moved: draw,
  region: (cells) => {
    region = cells;
    draw();
  },
});
attachKeys(canvas, model, {
  tool: () => tool,
  locked: () => check.busy,
  edited: refresh,
  cursor: (cell) => {
    cursor = cell;
    draw();
  },
  region: (cells) => {
    region = cells;
    draw();
  },
});
$('undo').addEventListener('click', () => model.undo() && refresh());
$('redo').addEventListener('click', () => model.redo() && refresh());
$('zoom-in').addEventListener('click', () => zoom(1.25));
$('zoom-out').addEventListener('click', () => zoom(0.8));
$('zoom-fit').addEventListener('click', () => {
  view.fitted = true;
  draw();
});
showWay.addEventListener('change', () => {
  measured = -1;
  refresh();
});
const zoomBox = /** @type {HTMLElement} */ (document.querySelector('.canvas-box .zoom'));
/** The zoom buttons' column, from its left edge to the canvas's right, kept free of the fitted maze. */
function measureGutter() {
  view.gutter = Math.max(0, canvas.getBoundingClientRect().right - zoomBox.getBoundingClientRect().left);
}
measureGutter();
window.addEventListener('resize', () => {
  measureGutter();
  draw();
});

/** Zoom about the canvas's middle. @param {number} factor */
function zoom(factor) {
  const [w, h] = view.size();
  view.zoomAt(factor, w / 2, h / 2);
  draw();
}

const typing = (/** @type {EventTarget | null} */ target) => target instanceof HTMLElement && target.closest('input, textarea, select') !== null;

window.addEventListener('keydown', (event) => {
  if (check.state.kind === 'racing' && !typing(event.target)) {
    const dir = keyDirection(event, model.maze.directions);
    if (dir) {
      event.preventDefault();
      check.move(dir);
      return;
    }
  }
  if (!(event.ctrlKey || event.metaKey) || typing(event.target) || check.busy) return;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) model.undo() && refresh();
  else if ((key === 'z' && event.shiftKey) || key === 'y') model.redo() && refresh();
  else return;
  event.preventDefault();
});

// The clear check: start, the pad, stop.
$('test-start').addEventListener('click', () => {
  if (!card.solvable) {
    message(t('editor.test.unsolvable'));
    return;
  }
  check.start(model.maze, model.wire(), model.revision);
  $('test-pad').hidden = false;
  /** @type {HTMLElement} */ (document.querySelector('.canvas-box')).scrollIntoView({ block: 'start' }); // the maze with the pad under it
});
$('test-stop').addEventListener('click', () => check.stop());
// The pad steps as a finger or the mouse goes down (no wait for a click, which a phone may hold back to
// see whether a second tap follows); a click from the keyboard (Enter or Space, detail 0) steps too.
for (const button of document.querySelectorAll('#pad-keys button')) {
  const dir = /** @type {string} */ (/** @type {HTMLElement} */ (button).dataset.dir);
  button.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    check.move(dir);
  });
  button.addEventListener('click', (event) => /** @type {MouseEvent} */ (event).detail === 0 && check.move(dir));
}

/** The clear check's state on the page. @param {import('../editor/clear-check.js').CheckState} state */
function showCheck(state) {
  const busy = check.busy;
  $('test-pad').hidden = !busy;
  for (const button of document.querySelectorAll('#pad-keys .diagonal')) /** @type {HTMLElement} */ (button).hidden = model.maze.directions !== 8;
  /** @type {HTMLButtonElement} */ ($('test-start')).disabled = busy;
  const token = check.token(model.revision);
  const text = checkText(state, token);
  $('test-status').textContent = busy ? text : '';
  const settled = busy ? '' : text; // while racing the pad's own line says it
  if ($('clear-state').textContent !== settled) {
    $('clear-state').textContent = settled;
    if (settled) announce(settled);
  }
  $('publish-note').textContent = publishNote(model.maze, card, token, bounds);
  draw();
}

bindPublish(
  () => model.wire(),
  () => check.token(model.revision),
  () => publishNote(model.maze, card, check.token(model.revision), bounds),
);

/** The test hook (read-only): the maze and card shown, and where a cell's centre is on the screen. */
/** @type {any} */ (window).mazerace_editor = Object.freeze({
  get maze() {
    return model.maze;
  },
  get card() {
    return card;
  },
  get check() {
    return check.state.kind;
  },
  get walk() {
    const state = check.state;
    return 'walk' in state ? state.walk : null;
  },
  get wire() {
    return model.wire();
  },
  /** The client point (CSS px) at the middle of cell [r, c]. */
  cellPoint: (/** @type {number} */ r, /** @type {number} */ c) => {
    if (view.fitted) view.fit(model.maze);
    const rect = canvas.getBoundingClientRect();
    return [rect.left + view.ox + (2 * c + 1.5) * view.unit, rect.top + view.oy + (2 * r + 1.5) * view.unit];
  },
});

/** @type {() => void} */
let syncSize = () => {};
bindExchange(model, replaced);
refresh();

/** The server's rules (room bounds, generators), then the maze to start from. */
async function start() {
  try {
    const rules = await loadRules();
    bounds = { min: rules.settings.rows.min, max: rules.settings.rows.max };
    syncSize = bindNewMaze(rules, model, replaced);
  } catch (error) {
    message(String(/** @type {Error} */ (error).message || error));
  }
  const from = new URLSearchParams(location.search).get('from');
  if (from) {
    const answer = await publishedMaze(from);
    if (!answer.ok) message(refusal(answer), 'error', 8000);
    else {
      model.replace(decodeMaze(answer.body.maze));
      model.undoStack = []; // the published maze is where this drawing starts
      const title = /** @type {HTMLInputElement} */ ($('publish-title'));
      title.value = answer.body.title ? t('editor.publish.remix_title', { title: answer.body.title }).slice(0, 60) : '';
      replaced();
    }
  }
  document.body.dataset.ready = 'true';
}
start();
