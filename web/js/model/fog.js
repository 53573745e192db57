// Explorer mode's fog of war on the client (docs/protocol.md, "Fog of war"). No DOM.
//
// A fog racer's maze comes with `seen`, a base64 bitset (bit i for cell i = r * cols + c, in the wall
// bits' order), and the passage bits of every unseen cell zeroed. Each passage bit belongs to the cell
// it leaves towards the east or south (south-east, south-west), so a seen cell's west or north side
// towards an unseen cell is unknown, not a wall: fog-layer.js draws it as fog. Each move's ack adds the
// cells it let the racer see, `[[r, c, bits], ...]` (bits 1 east, 2 south, 4 south-east, 8 south-west),
// merged here into the same maze object (`revision` counts the merges, `reveals` lists the cells in the
// order they came, so the renderer repaints only what changed).
//
// Sight is what a racer sees from where they stand: the cells within `vision` steps along open
// passages. Spectators have the whole maze and each racer's seen set from the player entries, and grow
// it from each move (`RacerEyes`), the way the server does, to watch the race through a racer's eyes.
import { base64Bytes, decodeMaze, inBounds } from './maze.js';

/** @typedef {import('./maze.js').Maze} Maze */
/** @typedef {import('./wire-types.js').WireMaze} WireMaze */
/** @typedef {import('./wire-types.js').PlayerEntry} PlayerEntry */

/**
 * A maze with its fog: `seen` (0/1 a cell) in a fog racer's maze, else null; `revision` counts the
 * changes (so drawings know when to redo theirs) and `reveals` lists the cells seen since the start.
 * @typedef {Maze & {seen: Uint8Array | null, revision: number, reveals: number[]}} FogMaze
 */

/** A base64 bitset of `size` cells as one 0/1 byte a cell; throws when it does not fit. */
/** @param {unknown} text @param {number} size */
export function decodeSeen(text, size) {
  if (typeof text !== 'string') throw new Error('the seen bitset is not text');
  const bytes = base64Bytes(text);
  if (bytes.length !== (size + 7) >> 3) throw new Error('the seen bitset does not match the maze size');
  const flags = new Uint8Array(size);
  for (let i = 0; i < size; i++) flags[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  return flags;
}

/** The base64 bitset of 0/1 flags (the inverse of `decodeSeen`; for tests and tools). */
/** @param {ArrayLike<number> & {forEach(f: (flag: number, i: number) => void): void}} flags */
export function encodeSeen(flags) {
  const bytes = new Uint8Array((flags.length + 7) >> 3);
  flags.forEach((flag, i) => flag && (bytes[i >> 3] |= 1 << (i & 7)));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * A wire maze decoded with its fog: `seen` (0/1 a cell) when the wire has one, else null (the whole
 * maze, as spectators and finished players get it); `revision` 0 and no `reveals` yet.
 * @param {WireMaze} wire
 * @returns {FogMaze}
 */
export function decodeFogMaze(wire) {
  const maze = /** @type {FogMaze} */ (decodeMaze(wire));
  maze.seen = wire.seen != null ? decodeSeen(wire.seen, maze.size) : null;
  maze.revision = 0;
  maze.reveals = [];
  return maze;
}

/**
 * Merge a move's newly seen cells `[[r, c, bits], ...]` into a fog maze, in place. Entries that are
 * not cells of the maze are skipped; a maze without fog is left alone. Returns how many cells were
 * seen for the first time.
 * @param {FogMaze | null | undefined} maze
 * @param {unknown} cells
 * @returns {number}
 */
export function revealCells(maze, cells) {
  if (!maze?.seen || !Array.isArray(cells)) return 0;
  const { cols, rows, seen } = maze;
  const eight = maze.directions === 8;
  let fresh = 0;
  let changed = false;
  for (const entry of cells) {
    if (!Array.isArray(entry) || entry.length !== 3) continue;
    const [r, c, bits] = entry;
    if (!inBounds(maze, [r, c]) || !Number.isInteger(bits) || bits < 0 || bits > 15) continue;
    const i = r * cols + c;
    const lastRow = r === rows - 1;
    /** @type {[Uint8Array, unknown][]} */
    const flags = [
      [maze.east, c < cols - 1 && bits & 1],
      [maze.south, !lastRow && bits & 2],
      [maze.southeast, eight && !lastRow && c < cols - 1 && bits & 4],
      [maze.southwest, eight && !lastRow && c > 0 && bits & 8],
    ];
    for (const [array, open] of flags) {
      const value = open ? 1 : 0;
      if (array[i] !== value) {
        array[i] = value;
        changed = true;
      }
    }
    if (!seen[i]) {
      seen[i] = 1;
      maze.reveals.push(i);
      fresh += 1;
      changed = true;
    }
  }
  if (changed) maze.revision += 1;
  return fresh;
}

/** The flat indices of the open neighbours of cell i, in the server's order (E, S, W, N, SE, SW, NW, NE). */
/** @param {Maze} maze @param {number} i @returns {number[]} */
export function openNeighbours(maze, i) {
  const { cols, east, south, southeast, southwest } = maze;
  const r = Math.floor(i / cols);
  const c = i - r * cols;
  const out = [];
  if (east[i]) out.push(i + 1);
  if (south[i]) out.push(i + cols);
  if (c > 0 && east[i - 1]) out.push(i - 1);
  if (r > 0 && south[i - cols]) out.push(i - cols);
  if (maze.directions === 8) {
    if (southeast[i]) out.push(i + cols + 1);
    if (southwest[i]) out.push(i + cols - 1);
    if (r > 0 && c > 0 && southeast[i - cols - 1]) out.push(i - cols - 1);
    if (r > 0 && c < cols - 1 && southwest[i - cols + 1]) out.push(i - cols + 1);
  }
  return out;
}

/**
 * The cells (flat indices, nearest first) within `vision` steps of `cell` ([r, c]) along the maze's
 * open passages, as server/maze/fog.py's `sight`. In a fog racer's maze the passages are the known
 * ones, which hold every way to what the racer sees now.
 * @param {Maze | null | undefined} maze
 * @param {unknown} cell
 * @param {unknown} vision
 * @returns {number[]}
 */
export function sight(maze, cell, vision) {
  if (!maze || !Array.isArray(cell) || !inBounds(maze, cell)) return [];
  if (!Number.isInteger(vision) || /** @type {number} */ (vision) < 0) vision = 0; // a settings object without vision: the cell only
  const start = cell[0] * maze.cols + cell[1];
  const depth = new Map([[start, 0]]);
  const frontier = [start];
  for (let k = 0; k < frontier.length; k++) {
    const further = /** @type {number} */ (depth.get(frontier[k])) + 1;
    if (further > /** @type {number} */ (vision)) continue;
    for (const next of openNeighbours(maze, frontier[k])) {
      if (!depth.has(next)) {
        depth.set(next, further);
        frontier.push(next);
      }
    }
  }
  return frontier;
}

/** The cells in sight from `cell` as 0/1 flags, one a cell. */
/** @param {Maze} maze @param {unknown} cell @param {unknown} vision */
export function sightFlags(maze, cell, vision) {
  const flags = new Uint8Array(maze.size);
  for (const i of sight(maze, cell, vision)) flags[i] = 1;
  return flags;
}

/** Mark in `seen` what is in sight from `cell` (the whole maze's passages); returns how many were new. */
/** @param {Uint8Array} seen @param {Maze} maze @param {unknown} cell @param {unknown} vision */
export function lookFrom(seen, maze, cell, vision) {
  let fresh = 0;
  for (const i of sight(maze, cell, vision)) {
    if (!seen[i]) {
      seen[i] = 1;
      fresh += 1;
    }
  }
  return fresh;
}

/**
 * Every racer's seen cells as a spectator (or a finished player) keeps them: loaded from the player
 * entries' `seen` bitsets and grown with each move the way the server grows them. Only with the whole
 * maze: a fog racer's own maze never comes with the others' seen sets.
 */
export class RacerEyes {
  constructor() {
    /** @type {Map<string, {seen: Uint8Array, revision: number}>} */
    this.racers = new Map();
  }

  clear() {
    this.racers.clear();
  }

  /** Replace what is known from player entries (a snapshot, `started`); bad bitsets are skipped. */
  /** @param {unknown} entries @param {FogMaze | null | undefined} maze */
  load(entries, maze) {
    this.racers.clear();
    if (!maze || maze.seen || !Array.isArray(entries)) return;
    for (const entry of entries) {
      if (typeof entry?.seen !== 'string') continue;
      try {
        this.racers.set(entry.id, { seen: decodeSeen(entry.seen, maze.size), revision: 0 });
      } catch {
        /* a bitset that does not fit this maze: no view through these eyes */
      }
    }
  }

  /** A racer moved to `cell`: they now see what is in sight from there too. */
  /** @param {string} id @param {unknown} cell @param {FogMaze | null | undefined} maze @param {unknown} vision */
  moved(id, cell, maze, vision) {
    const eyes = this.racers.get(id);
    if (!eyes || !maze || maze.seen) return;
    if (lookFrom(eyes.seen, maze, cell, vision) > 0) eyes.revision += 1;
  }

  /** {seen, revision} of a racer, or null. */
  /** @param {string} id */
  get(id) {
    return this.racers.get(id) ?? null;
  }

  /** The ids of the racers whose eyes can be looked through, in the order they were loaded. */
  ids() {
    return [...this.racers.keys()];
  }
}
