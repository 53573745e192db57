// Wire records read into the records the room page keeps: a player entry (docs/protocol.md,
// "Snapshot") and a hint with its packed cell lists. Its own module because a snapshot, the room events
// and the move and hint acks all read the same records, and a malformed field must be read the same
// safe way (null, not a throw) wherever it arrives.
import { decodeCells } from './maze.js';
import { botName } from './bots.js';

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').PlayerEntry} PlayerEntry */
/** @typedef {import('./wire-types.js').Hinted} Hinted */

/**
 * A player as the room page keeps them: the wire entry with its `room` read into `cell` and its
 * trail's cells read as numbers (`seen` goes to the fog's RacerEyes instead).
 * @typedef {Omit<PlayerEntry, 'cell' | 'seen' | 'trail'> & {cell: Cell | null, trail: Cell[]}} Player
 */

/**
 * Result rows as this page shows them: a bot's name in the page's words (bots.js `botName`), as the
 * player records have it; anything but a list is no rows.
 * @template {{name?: unknown, bot?: import('./wire-types.js').BotSpec | string | null}} Row
 * @param {unknown} rows
 * @returns {Row[]}
 */
export function resultRows(rows) {
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => (r?.bot && typeof r.name === 'string' ? { ...r, name: botName(r.bot, r.name) } : r));
}

/**
 * A hint as the renderer draws it: the wire hint with its cell lists read (null when absent or
 * unreadable), and `at`, the local time it was seen, once the room state keeps it.
 * @typedef {Omit<Hinted, 'path' | 'back_path' | 'explore_path'> & {path: Cell[] | null, back_path: Cell[] | null, explore_path: Cell[] | null, at?: number}} Hint
 */

/** A wire cell [r, c] as numbers, or null when it is not a pair. */
/** @param {unknown} v @returns {Cell | null} */
export const cellOf = (v) => (Array.isArray(v) && v.length === 2 ? [Number(v[0]), Number(v[1])] : null);

/**
 * A player as this client keeps it: a wire player entry laid over what was `known` of them. The wire
 * calls the player's maze position `room`; here it is `cell`.
 * @param {Partial<PlayerEntry> & {id: string}} entry
 * @param {Partial<Player>} [known]
 * @returns {Player}
 */
export function player(entry, known = {}) {
  const { cell, seen, ...fields } = entry; // a racer's `seen` bitset goes to RacerEyes, not here
  const p = /** @type {Player} */ ({ ...known, ...fields });
  p.cell = cellOf(cell !== undefined ? cell : known.cell);
  p.trail = Array.isArray(p.trail) ? /** @type {Cell[]} */ (p.trail.map(cellOf).filter(Boolean)) : p.cell ? [p.cell] : [];
  p.moves = p.moves ?? 0;
  p.hints = p.hints ?? 0;
  p.penalty = p.penalty ?? 0;
  p.finished = !!p.finished;
  p.dnf = !!p.dnf;
  p.connected = p.connected !== false;
  if (p.bot && typeof fields.name === 'string') p.name = botName(p.bot, fields.name);
  return p;
}

/**
 * A hint as the renderer draws it: its packed `path`, `back_path` and (in a fog race) `explore_path`
 * read as [[r, c], ...] cells (null when absent or unreadable). Rivals still racing get no way at all,
 * only that a hint was asked.
 * @param {Partial<Hinted> | Partial<Hint>} hint
 * @param {{size: number, cols: number} | null | undefined} maze
 * @returns {Hint}
 */
export function hintCells(hint, maze) {
  /** @returns {Cell[] | null} */
  const cells = (/** @type {unknown} */ value) => {
    if (Array.isArray(value)) return value;
    if (typeof value !== 'string' || !maze) return null;
    try {
      return decodeCells(value, maze);
    } catch {
      return null;
    }
  };
  return /** @type {Hint} */ ({ ...hint, path: cells(hint.path), back_path: cells(hint.back_path), explore_path: cells(hint.explore_path) });
}
