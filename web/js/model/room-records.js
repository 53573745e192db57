// Wire records read into the records the room page keeps: a player entry (docs/protocol.md,
// "Snapshot") and a hint with its packed cell lists. Its own module because a snapshot, the room events
// and the move and hint acks all read the same records, and a malformed field must be read the same
// safe way (null, not a throw) wherever it arrives.
import { decodeCells } from './maze.js';

/** A wire cell [r, c] as numbers, or null when it is not a pair. */
export const cellOf = (v) => (Array.isArray(v) && v.length === 2 ? [Number(v[0]), Number(v[1])] : null);

/**
 * A player as this client keeps it: a wire player entry laid over what was `known` of them. The wire
 * calls the player's maze position `room`; here it is `cell`.
 */
export function player(entry, known = {}) {
  const { room, seen, ...fields } = entry; // a racer's `seen` bitset goes to RacerEyes, not here
  const p = { ...known, ...fields };
  p.cell = cellOf(room !== undefined ? room : known.cell);
  p.trail = Array.isArray(p.trail) ? p.trail.map(cellOf).filter(Boolean) : p.cell ? [p.cell] : [];
  p.moves = p.moves ?? 0;
  p.hints = p.hints ?? 0;
  p.penalty = p.penalty ?? 0;
  p.finished = !!p.finished;
  p.dnf = !!p.dnf;
  p.connected = p.connected !== false;
  return p;
}

/**
 * A hint as the renderer draws it: its packed `path`, `back_path` and (in a fog race) `explore_path`
 * read as [[r, c], ...] cells (null when absent or unreadable). Rivals still racing get no way at all,
 * only that a hint was asked.
 */
export function hintCells(hint, maze) {
  const cells = (value) => {
    if (Array.isArray(value)) return value;
    if (typeof value !== 'string' || !maze) return null;
    try {
      return decodeCells(value, maze);
    } catch {
      return null;
    }
  };
  return { ...hint, path: cells(hint.path), back_path: cells(hint.back_path), explore_path: cells(hint.explore_path) };
}
