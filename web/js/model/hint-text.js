// What the racer reads of their own hint: one whole sentence for each kind of answer, from the page's
// catalogue (room.hint.*), its numbers filled in here, in one place. With the room's default
// `hint_reveal` the way shown stops at the next junction, or after a few steps (the server's cap) when no junction is
// nearer, and the sentence says which, in the words of the setting ("The way on, to the next junction
// or a few steps"; docs/protocol.md, "Hints"). No sentence names a cell by its coordinates, which a player
// on a phone never sees: the way is marked on the maze, and the sentence counts its steps.
import { METHOD_LABELS, labelOf } from '../common/labels.js';
import { t } from '../common/i18n.js';
import { dirBetween } from './maze.js';

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {(key: string, params?: Record<string, string | number>) => string} Words */

/** The words for "go {where}", by direction. */
const WHERE = Object.freeze({
  up: 'room.hint.dir.up',
  down: 'room.hint.dir.down',
  left: 'room.hint.dir.left',
  right: 'room.hint.dir.right',
  'up-left': 'room.hint.dir.up_left',
  'up-right': 'room.hint.dir.up_right',
  'down-left': 'room.hint.dir.down_left',
  'down-right': 'room.hint.dir.down_right',
});

/** A hint method's name as players read it (labels.js). @param {string | null | undefined} method */
export const methodName = (method) => String(labelOf(METHOD_LABELS, method ?? ''));

/**
 * A side's word in the list of a cell's open sides: a diagonal is one word there ("down-left"), since
 * "right, down and left" would read as three sides where "go down and left" reads as one way.
 */
const SIDES = Object.freeze({
  ...WHERE,
  'up-left': 'race.side.up_left',
  'up-right': 'race.side.up_right',
  'down-left': 'race.side.down_left',
  'down-right': 'race.side.down_right',
});

/** A direction's word in the open sides' list. @param {string} dir */
export const directionName = (dir) => (dir in SIDES ? t(SIDES[/** @type {keyof typeof SIDES} */ (dir)]) : dir);

/**
 * The message for the asker's own hint and how long it stays (ms).
 * @param {Pick<import('./wire-types.js').Hinted, 'method' | 'found' | 'from' | 'next' | 'cut' | 'explore' | 'back_to'>} hinted the hint's ack (or the hint as kept)
 * @param {import('./room-records.js').Hint} hint the same hint, its cell lists decoded
 * @param {Cell | null} here where the racer stands now, for an answer that names no `from`
 * @param {Words} [words] the catalogue's t() (the node tests pass one over the English catalogue)
 * @returns {{text: string, ms: number}}
 */
export function hintMessage(hinted, hint, here, words = t) {
  const method = String(labelOf(METHOD_LABELS, hinted.method));
  if (hinted.found && hinted.next) {
    // the hint answers for the cell it was asked from (`from`), even if the arrow has moved since
    const dir = dirBetween(hinted.from || here || hinted.next, hinted.next);
    const where = words(dir && dir in WHERE ? WHERE[/** @type {keyof typeof WHERE} */ (dir)] : 'room.hint.dir.on');
    const count = Math.max(1, (hint.path?.length ?? 2) - 1);
    const cut = hinted.cut ?? null;
    const key = cut === 'junction' ? 'room.hint.way_to_junction' : cut === 'steps' ? 'room.hint.way_for_steps' : 'room.hint.way_to_exit';
    return { text: words(key, { method, where, count }), ms: 6000 };
  }
  if (hinted.found) return { text: words('room.hint.at_exit'), ms: 3500 };
  if (hinted.explore) {
    const count = Math.max(1, (hint.explore_path?.length ?? 2) - 1);
    return { text: words(hinted.cut ? 'room.hint.explore_cut' : 'room.hint.explore', { method, count }), ms: 7000 };
  }
  if (hinted.back_to) {
    const count = Math.max(1, (hint.back_path?.length ?? 2) - 1);
    return { text: words(hinted.cut ? 'room.hint.back_cut' : 'room.hint.back', { count }), ms: 7000 };
  }
  return { text: words('room.hint.no_way'), ms: 3500 };
}
