// Ghosts: stored races' players the server replays beside the live racers (docs/protocol.md, "Ghosts").
// Pure: a ghost as this client keeps it, a `ghost` event applied, and a result's split against a ghost.
// Ghosts are not players: they never enter the standings or the results rows.

import { botName } from './bots.js';

/** @typedef {import('./wire-types.js').Cell} Cell */

/**
 * A ghost as this client keeps it: where it stands is `cell` (null when unknown).
 * @typedef {object} Ghost
 * @property {string} id
 * @property {string} name
 * @property {string | undefined} colour
 * @property {string | null} race
 * @property {number | null} time
 * @property {number} penalty
 * @property {Cell | null} cell
 * @property {number} moves
 * @property {boolean} finished
 */

/** What a split reads of a result. @typedef {{dnf?: boolean, total?: number | null, time?: number | null, penalty?: number}} Timed */

/** @param {unknown} v @returns {Cell | null} */
const cellOf = (v) => (Array.isArray(v) && v.length === 2 ? [Number(v[0]), Number(v[1])] : null);
/** @param {any} v @returns {number} */
const count = (v) => (Number.isInteger(v) && v >= 0 ? v : 0);
/** @param {any} v @returns {number | null} */
const ms = (v) => (Number.isFinite(v) ? v : null);

/** A wire ghost entry as this client keeps it: `cell` is null when unknown
 * (before the race, or out of a fog racer's sight).
 * @param {any} entry a wire ghost entry, read defensively
 * @returns {Ghost}
 */
export function ghostFrom(entry) {
  const name = String(entry?.name ?? 'Ghost');
  return {
    id: String(entry?.id ?? ''),
    name: typeof entry?.bot === 'string' ? botName(entry.bot, name) : name, // a bot's, in the page's words
    colour: entry?.colour,
    race: entry?.race ?? null,
    time: ms(entry?.time),
    penalty: ms(entry?.penalty) ?? 0,
    cell: cellOf(entry?.cell),
    moves: count(entry?.moves),
    finished: entry?.finished === true,
  };
}

/** The ghosts from a snapshot's or a `started` event's list (none when absent or not a list). */
/** @param {unknown} list @returns {Ghost[]} */
export function ghostsFrom(list) {
  return Array.isArray(list) ? list.filter((g) => g && typeof g === 'object').map(ghostFrom) : [];
}

/** The ghosts after a `ghost` event {id, cell?, moves, finished?, time?}: a fog racer's event without
 * `room` means the ghost went out of sight, so it is no longer drawn. Unknown ids change nothing.
 * @param {Ghost[]} ghosts
 * @param {any} d the event's data, read defensively
 * @returns {Ghost[]}
 */
export function applyGhost(ghosts, d) {
  return ghosts.map((g) => {
    if (g.id !== d?.id) return g;
    return {
      ...g,
      cell: cellOf(d.cell),
      moves: Number.isInteger(d.moves) ? d.moves : g.moves,
      finished: g.finished || d.finished === true,
      time: d.finished === true && Number.isFinite(d.time) ? d.time : g.time,
    };
  });
}

/** The ghosts back in the lobby: who they are, not where they stood. */
/** @param {Ghost[]} ghosts @returns {Ghost[]} */
export function resetGhosts(ghosts) {
  return ghosts.map((g) => ({ ...g, cell: null, moves: 0, finished: false }));
}

/** A ghost's total (time + hint penalty, ms) as a result's `total`, or null if it never finished. */
/** @param {Pick<Ghost, 'time'> & {penalty?: number}} ghost */
export function ghostTotal(ghost) {
  return ghost.time == null ? null : ghost.time + (ghost.penalty ?? 0);
}

/** A result's split against a ghost, in ms (negative: ahead of the ghost), or null when either did not finish. */
/** @param {Timed | null | undefined} result @param {Pick<Ghost, 'time'> & {penalty?: number}} ghost */
export function splitMs(result, ghost) {
  const total = result?.dnf ? null : ms(result?.total ?? (result?.time == null ? null : result.time + (result.penalty ?? 0)));
  const theirs = ghostTotal(ghost);
  return total == null || theirs == null ? null : total - theirs;
}

/** "+3.2 s vs Ann's ghost" (behind), "−1.5 s vs Ann's ghost" (ahead), or null. */
/** @param {Timed | null | undefined} result @param {Pick<Ghost, 'time' | 'name'> & {penalty?: number}} ghost */
export function splitText(result, ghost) {
  const split = splitMs(result, ghost);
  if (split == null) return null;
  const sign = split > 0 ? '+' : split < 0 ? '−' : '±';
  return `${sign}${(Math.abs(split) / 1000).toFixed(1)} s vs ${ghost.name}'s ghost`;
}
