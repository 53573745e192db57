// The trail rule, the same as the server's (server/maze/trail.py; both run tests/cases/trail.json): how
// a trail changes with a step or a `moved` event. Its own module because both the event application
// (room-events.js) and the own-move prediction (own-moves.js) follow it, and the replay tests run it.
import { sameCell } from './maze.js';

/** @typedef {import('./wire-types.js').Cell} Cell */

/**
 * A trail after a `moved` event: keep the first trail_len - 1 cells, then add `cell`.
 * @param {Cell[]} trail
 * @param {number} trailLen
 * @param {readonly number[]} cell
 * @returns {Cell[]}
 */
export function movedTrail(trail, trailLen, cell) {
  const keep = Math.max(0, Math.min(trail.length, trailLen - 1));
  const out = trail.slice(0, keep);
  out.push([cell[0], cell[1]]);
  return out;
}

/**
 * A trail after stepping onto `cell`: pop or cut back if it is on the trail, else append.
 * @param {Cell[]} trail
 * @param {readonly number[]} cell
 * @returns {Cell[]}
 */
export function steppedTrail(trail, cell) {
  for (let i = trail.length - 1; i >= 0; i--) {
    if (sameCell(trail[i], cell)) return trail.slice(0, i + 1);
  }
  return [...trail, [cell[0], cell[1]]];
}
