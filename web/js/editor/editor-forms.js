// The editor's two folds: a new maze (blank, all walls or all open, or a generator's with its seed) and
// resizing, bounded by the room sizes the server's rules name; and import and export in the exchange
// formats (the original exercise's 0/1 matrix, the 3 x 3 blocks of 8-direction mazes, ASCII art, the
// maze CLI's JSON, and a PNG picture to export). Every maze that comes in replaces the one drawn as one
// step of the history, so it can be undone.
import { t } from '../common/i18n.js';
import { $, el, message } from '../common/ui.js';
import { DIRECTION_LABELS, generatorChoice, labelOf } from '../common/labels.js';
import { decodeMaze } from '../model/maze.js';
import { blankMaze } from './maze-shapes.js';
import { refusal, download, exportMaze, generateMaze, importMaze } from './editor-api.js';

/** @typedef {import('./editor-model.js').EditorModel} EditorModel */

export const IMPORT_FORMATS = Object.freeze(['matrix', 'blocks', 'ascii', 'json']);
export const EXPORT_FORMATS = Object.freeze([...IMPORT_FORMATS, 'png']);
/** Each format's name and, for those that import, one sentence on what it looks like (catalogue keys). */
const FORMAT_NAMES = Object.freeze({ matrix: 'editor.format.matrix', blocks: 'editor.format.blocks', ascii: 'editor.format.ascii', json: 'editor.format.json', png: 'editor.format.png' });
const FORMAT_ABOUT = Object.freeze({ matrix: 'editor.format.matrix.about', blocks: 'editor.format.blocks.about', ascii: 'editor.format.ascii.about', json: 'editor.format.json.about' });
/** @param {string} format */
const formatName = (format) => t(/** @type {Record<string, string>} */ (FORMAT_NAMES)[format] ?? format);
/** The formats each topology can be written in: the 0/1 matrix and ASCII art have no diagonal passages, the blocks are the 8-direction form. */
const EXPORTS_OF = Object.freeze({ 4: ['matrix', 'ascii', 'json', 'png'], 8: ['blocks', 'json', 'png'] });
export const MAX_IMPORT_CHARS = 600_000; // as the server's exchange library: a longer text is refused here first

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));

/**
 * The size fields' values, checked against the room bounds; null (and a message) when out of them.
 * @param {{min: number, max: number}} bounds
 */
function chosenSize(bounds) {
  const rows = Number(input('new-rows').value);
  const cols = Number(input('new-cols').value);
  const fits = (/** @type {number} */ n) => Number.isInteger(n) && n >= bounds.min && n <= bounds.max;
  if (!fits(rows) || !fits(cols)) {
    message(t('editor.new.size_bounds', { min: bounds.min, max: bounds.max }));
    return null;
  }
  return { rows, cols, directions: Number(input('new-directions').value) === 8 ? 8 : 4 };
}

/**
 * The "New maze and size" fold.
 * @param {any} rules GET /api/rules
 * @param {EditorModel} model
 * @param {(reason: string) => void} replaced called after the maze was replaced
 */
export function bindNewMaze(rules, model, replaced) {
  const bounds = { min: rules.settings.rows.min, max: rules.settings.rows.max };
  for (const id of ['new-rows', 'new-cols']) Object.assign(input(id), { min: bounds.min, max: bounds.max });
  const directions = $('new-directions');
  for (const n of rules.settings.directions?.choices ?? [4, 8]) directions.append(el('option', { value: String(n), text: String(labelOf(DIRECTION_LABELS, n)) }));
  const algorithm = $('new-algorithm');
  for (const name of rules.settings.algorithm.choices) algorithm.append(el('option', { value: name, text: generatorChoice(name) }));
  const eight = new Set(rules.eight_direction_algorithms ?? []);
  const syncSize = () => {
    input('new-rows').value = String(model.maze.rows);
    input('new-cols').value = String(model.maze.cols);
    directions.value = String(model.maze.directions);
  };
  syncSize();
  /** @param {boolean} open */
  const blank = (open) => {
    const size = chosenSize(bounds);
    if (!size) return;
    model.replace(blankMaze(size.rows, size.cols, size.directions, open));
    replaced('blank');
  };
  $('new-walls').addEventListener('click', () => blank(false));
  $('new-open').addEventListener('click', () => blank(true));
  $('resize').addEventListener('click', () => {
    const size = chosenSize(bounds);
    if (!size) return;
    model.resize(size.rows, size.cols, size.directions);
    replaced('resize');
  });
  $('new-generate').addEventListener('click', async () => {
    const size = chosenSize(bounds);
    if (!size) return;
    if (size.directions === 8 && !eight.has(algorithm.value)) {
      message(t('editor.new.no_eight', { name: generatorChoice(algorithm.value) }));
      return;
    }
    const seed = input('new-seed').value.trim() || '0';
    const answer = await generateMaze({ algorithm: algorithm.value, ...size, seed: /** @type {any} */ (seed) });
    if (!answer.ok) {
      message(refusal(answer));
      return;
    }
    model.replace(decodeMaze(answer.body.maze));
    replaced('generated');
  });
  return syncSize;
}

/**
 * Offer only the exports the maze drawn can be written in (a refused export reads as if the maze were
 * wrong, when only the button was).
 * @param {number} directions
 */
export function showExports(directions) {
  const fits = directions === 8 ? EXPORTS_OF[8] : EXPORTS_OF[4];
  for (const button of document.querySelectorAll('#io-exports [data-format]')) {
    const node = /** @type {HTMLElement} */ (button);
    node.hidden = !fits.includes(node.dataset.format ?? '');
  }
}

/**
 * What is wrong with the text imported, kept beside it until the text changes (the passing message goes
 * before a player has found the line), with the text selected at the line and column the server named.
 * @param {string} said
 * @param {{line?: unknown, column?: unknown} | null | undefined} where
 */
function showProblem(said, where) {
  const box = /** @type {HTMLTextAreaElement} */ ($('io-text'));
  const problem = $('io-problem');
  problem.textContent = said;
  problem.hidden = !said;
  if (said) box.setAttribute('aria-invalid', 'true');
  else box.removeAttribute('aria-invalid');
  const line = Number(where?.line);
  const column = Number(where?.column);
  if (!said || !Number.isInteger(line) || line < 1) return;
  const lines = box.value.split('\n');
  let at = 0;
  for (let n = 0; n < line - 1 && n < lines.length; n++) at += lines[n].length + 1;
  const start = Math.min(box.value.length, at + (Number.isInteger(column) && column > 0 ? column - 1 : 0));
  box.focus({ preventScroll: false });
  box.setSelectionRange(start, Math.min(box.value.length, start + 1));
}

/**
 * The "Import and export" fold.
 * @param {EditorModel} model
 * @param {(reason: string) => void} replaced
 */
export function bindExchange(model, replaced) {
  const format = $('io-format');
  for (const name of IMPORT_FORMATS) format.append(el('option', { value: name, text: formatName(name) }));
  const about = () => ($('io-format-about').textContent = t(/** @type {Record<string, string>} */ (FORMAT_ABOUT)[format.value] ?? ''));
  format.addEventListener('change', about);
  about();
  $('io-import').addEventListener('click', async () => {
    const file = input('io-file').files?.[0];
    const text = file ? await file.text() : /** @type {HTMLTextAreaElement} */ ($('io-text')).value;
    if (!text.trim()) {
      message(t('editor.io.empty'));
      return;
    }
    if (text.length > MAX_IMPORT_CHARS) {
      message(t('editor.io.too_long', { max: MAX_IMPORT_CHARS }));
      return;
    }
    const answer = await importMaze(format.value, text);
    if (!answer.ok) {
      message(refusal(answer), 'error', 8000);
      showProblem(refusal(answer), file ? null : answer.body?.error);
      return;
    }
    showProblem('', null);
    model.replace(decodeMaze(answer.body.maze));
    input('io-file').value = '';
    replaced('imported');
  });
  $('io-text').addEventListener('input', () => showProblem('', null));
  const exports = $('io-exports');
  for (const name of EXPORT_FORMATS) {
    const button = el('button', { type: 'button', class: 'secondary', text: formatName(name), 'data-format': name });
    button.addEventListener('click', async () => {
      const file = await exportMaze(name, model.wire());
      if (file.ok) download(file.blob, file.name);
      else message(refusal(file.answer));
    });
    exports.append(button);
  }
}
