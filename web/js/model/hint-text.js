// What the racer reads of their own hint: one whole sentence for each kind of answer, from the catalogue
// (hint.*), its numbers filled in here, in one place. With the room's default `hint_reveal` the way
// shown stops at the next junction (or after a few steps), and the sentence says so (docs/protocol.md,
// "Hints"). The hint searches' and the directions' names are here too, for every page that shows them.
import { t } from '../common/i18n.js';
import { dirBetween } from './maze.js';

/** @typedef {import('./wire-types.js').Cell} Cell */

/** @param {readonly number[]} cell */
const cellText = ([r, c]) => `(${r}, ${c})`;

/** @type {Readonly<Record<string, string>>} */
const METHOD_KEYS = Object.freeze({
  dfs: 'hint.method.dfs',
  'dfs-recursive': 'hint.method.dfs_recursive',
  bfs: 'hint.method.bfs',
  astar: 'hint.method.astar',
  random: 'hint.method.random',
});

/**
 * A hint search's name in the page's language ("BFS (queue)"); a method this client has no name for
 * shows as the server calls it.
 * @param {string | null | undefined} method
 */
export const methodName = (method) => (method && METHOD_KEYS[method] ? t(METHOD_KEYS[method]) : String(method ?? ''));

/** @type {Readonly<Record<string, string>>} */
const DIRECTION_KEYS = Object.freeze({
  up: 'hint.dir.up',
  right: 'hint.dir.right',
  down: 'hint.dir.down',
  left: 'hint.dir.left',
  'up-right': 'hint.dir.up_right',
  'down-right': 'hint.dir.down_right',
  'down-left': 'hint.dir.down_left',
  'up-left': 'hint.dir.up_left',
});

/** A direction's name ("right", "up-left") in the page's language. @param {string} dir */
export const directionName = (dir) => (DIRECTION_KEYS[dir] ? t(DIRECTION_KEYS[dir]) : dir);

/**
 * The message for the asker's own hint and how long it stays (ms).
 * @param {import('./wire-types.js').Hinted} hinted the hint's ack
 * @param {import('./room-records.js').Hint} hint the same hint, its cell lists decoded
 * @param {Cell | null} here where the racer stands now, for an answer that names no `from`
 * @returns {{text: string, ms: number}}
 */
export function hintMessage(hinted, hint, here) {
  const method = methodName(hinted.method);
  if (hinted.found && hinted.next) {
    // the hint answers for the cell it was asked from (`from`), even if the arrow has moved since
    const dir = dirBetween(hinted.from || here || hinted.next, hinted.next);
    const steps = Math.max(1, (hint.path?.length ?? 2) - 1);
    return { text: wayOnText(method, dir, cellText(hinted.next), steps, hinted.cut ?? null), ms: 6000 };
  }
  if (hinted.found) return { text: t('hint.at_exit'), ms: 3500 };
  if (hinted.explore) {
    const count = Math.max(1, (hint.explore_path?.length ?? 2) - 1);
    const cell = cellText(hinted.explore);
    const text = hinted.cut ? t('hint.explore_cut', { method, cell, count }) : t('hint.explore', { method, cell, count });
    return { text, ms: 7000 };
  }
  if (hinted.back_to) {
    const count = Math.max(1, (hint.back_path?.length ?? 2) - 1);
    const cell = cellText(hinted.back_to);
    const text = hinted.cut ? t('hint.back_cut', { cell, count }) : t('hint.back', { cell });
    return { text, ms: 7000 };
  }
  return { text: t('hint.no_way'), ms: 3500 };
}

/**
 * The sentence of a hint with a way on: the direction (or the cell, when the way's next cell is not
 * a neighbour's), and how far the way shown goes.
 * @param {string} method the search's name
 * @param {string | null} dir a direction ("right"), or null
 * @param {string} cell the way's next cell, "(r, c)"
 * @param {number} count the steps of the way shown
 * @param {string | null} cut why the way shown stops early: "junction", "steps", or null (the whole way)
 */
function wayOnText(method, dir, cell, count, cut) {
  if (dir) {
    const params = { method, dir: directionName(dir), count };
    if (cut === 'junction') return t('hint.way_junction', params);
    if (cut === 'steps') return t('hint.way_shown', params);
    return t('hint.way_exit', params);
  }
  const params = { method, cell, count };
  if (cut === 'junction') return t('hint.way_junction_cell', params);
  if (cut === 'steps') return t('hint.way_shown_cell', params);
  return t('hint.way_exit_cell', params);
}
