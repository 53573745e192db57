// What the racer reads of their own hint: one whole sentence for each kind of answer, its numbers filled
// in here, in one place. With the room's default `hint_reveal` the way shown stops at the next junction
// (or after a few steps), and the sentence says so (docs/protocol.md, "Hints").
import { METHOD_LABELS, labelOf } from '../common/labels.js';
import { dirBetween } from './maze.js';

/** @typedef {import('./wire-types.js').Cell} Cell */

/** @param {readonly number[]} cell */
const cellText = ([r, c]) => `(${r}, ${c})`;

/**
 * The message for the asker's own hint and how long it stays (ms).
 * @param {import('./wire-types.js').Hinted} hinted the hint's ack
 * @param {import('./room-records.js').Hint} hint the same hint, its cell lists decoded
 * @param {Cell | null} here where the racer stands now, for an answer that names no `from`
 * @returns {{text: string, ms: number}}
 */
export function hintMessage(hinted, hint, here) {
  const name = String(labelOf(METHOD_LABELS, hinted.method));
  if (hinted.found && hinted.next) {
    // the hint answers for the cell it was asked from (`from`), even if the arrow has moved since
    const dir = dirBetween(hinted.from || here || hinted.next, hinted.next);
    const where = dir ?? `to ${cellText(hinted.next)}`;
    const steps = Math.max(1, (hint.path?.length ?? 2) - 1);
    return { text: wayOnText(name, where, steps, hinted.cut ?? null), ms: 6000 };
  }
  if (hinted.found) return { text: 'You are at the exit!', ms: 3500 };
  if (hinted.explore) {
    const steps = Math.max(1, (hint.explore_path?.length ?? 2) - 1);
    const cell = cellText(hinted.explore);
    const text = hinted.cut
      ? `Hint (${name}): no way to the exit through what you have seen. Explore further, towards the unexplored cell ${cell}; the first ${steps} steps are shown.`
      : `Hint (${name}): no way to the exit through what you have seen. Explore further: ${steps} step${steps > 1 ? 's' : ''} to the unexplored cell ${cell}.`;
    return { text, ms: 7000 };
  }
  if (hinted.back_to) {
    const steps = Math.max(1, (hint.back_path?.length ?? 2) - 1);
    const cell = cellText(hinted.back_to);
    const text = hinted.cut
      ? `No way on from here without backing up: back up to ${cell}; the first ${steps} steps back are shown.`
      : `No way on from here without backing up: back up to ${cell}.`;
    return { text, ms: 7000 };
  }
  return { text: 'No way on from here.', ms: 3500 };
}

/**
 * The sentence of a hint with a way on: the direction, and how far the way shown goes.
 * @param {string} name the search's label
 * @param {string} where a direction ("right"), or "to (r, c)"
 * @param {number} steps the steps of the way shown
 * @param {string | null} cut why the way shown stops early: "junction", "steps", or null (the whole way)
 */
function wayOnText(name, where, steps, cut) {
  if (cut === 'junction') {
    return steps === 1 ? `Hint (${name}): go ${where}; 1 step to the next junction.` : `Hint (${name}): go ${where}; ${steps} steps to the next junction.`;
  }
  if (cut === 'steps') return `Hint (${name}): go ${where}; the first ${steps} steps of the way are shown.`;
  return steps === 1 ? `Hint (${name}): go ${where}; 1 step to the exit.` : `Hint (${name}): go ${where}; ${steps} steps to the exit.`;
}
