// The wire maze (docs/protocol.md, "Wire maze") and small pure helpers on it. No DOM.
// A maze has 4 directions (straight moves) or 8 (diagonals too: a diagonal passage joins two cells
// that touch at a corner; passages may cross). Bit k of the decoded bytes is
// (bytes[k >> 3] >> (k & 7)) & 1. With 4 directions bit 2i is 1 when cell i opens east and bit 2i+1
// when it opens south; with 8, bits 4i..4i+3 are east, south, southeast and southwest. A missing
// `directions` means 4. Cells are [r, c], 0-based; i = r * cols + c.

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').WireMaze} WireMaze */
/** A direction's name: one of the keys of DIRS. @typedef {keyof typeof DIRS} Dir */

/**
 * A decoded maze: one 0/1 byte a cell for each passage it may open (the diagonal ones all 0 in a
 * 4-direction maze), and in a fog race `seen`, 1 for each cell the racer has seen (fog.js).
 * @typedef {object} Maze
 * @property {number} rows
 * @property {number} cols
 * @property {number} size
 * @property {number} directions
 * @property {Uint8Array} east
 * @property {Uint8Array} south
 * @property {Uint8Array} southeast
 * @property {Uint8Array} southwest
 * @property {Cell} entrance
 * @property {Cell} exit
 * @property {Uint8Array | null} [seen]
 */

/** The open sides of a cell by direction name. @typedef {Partial<Record<Dir, boolean>>} Sides */

/** Every move direction the protocol names, with its [dr, dc]: the straight four, then the diagonals. */
export const DIRS = Object.freeze({
  up: /** @type {readonly [number, number]} */ (Object.freeze([-1, 0])),
  right: /** @type {readonly [number, number]} */ (Object.freeze([0, 1])),
  down: /** @type {readonly [number, number]} */ (Object.freeze([1, 0])),
  left: /** @type {readonly [number, number]} */ (Object.freeze([0, -1])),
  'up-right': /** @type {readonly [number, number]} */ (Object.freeze([-1, 1])),
  'down-right': /** @type {readonly [number, number]} */ (Object.freeze([1, 1])),
  'down-left': /** @type {readonly [number, number]} */ (Object.freeze([1, -1])),
  'up-left': /** @type {readonly [number, number]} */ (Object.freeze([-1, -1])),
});

/** Neighbour order everywhere (as the server's): E, S, W, N, then SE, SW, NW, NE. */
export const STRAIGHT = Object.freeze(/** @type {Dir[]} */ (['right', 'down', 'left', 'up']));
export const DIAGONAL = Object.freeze(/** @type {Dir[]} */ (['down-right', 'down-left', 'up-left', 'up-right']));
const ALL = Object.freeze([...STRAIGHT, ...DIAGONAL]);

/** The direction names a maze allows, in neighbour order (4 or 8 of them). */
/** @param {{directions?: number} | null | undefined} maze @returns {readonly Dir[]} */
export const directionsOf = (maze) => (maze?.directions === 8 ? ALL : STRAIGHT);

/** Bytes of a base64 string (atob exists in browsers and in Node >= 16). */
/** @param {string} text */
export function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A maze from its wire form: {rows, cols, size, directions, entrance, exit, east, south, southeast,
 * southwest} (one 0/1 byte a cell each; the diagonal arrays are all 0 in a 4-direction maze). Throws
 * on malformed input.
 * @param {WireMaze} wire
 * @returns {Maze}
 */
export function decodeMaze(wire) {
  if (!wire || typeof wire !== 'object') throw new Error('no maze');
  const rows = wire.rows;
  const cols = wire.cols;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    throw new Error('bad maze size');
  }
  const directions = wire.directions ?? 4;
  if (directions !== 4 && directions !== 8) throw new Error('a maze has 4 or 8 directions');
  const size = rows * cols;
  const per = directions === 8 ? 4 : 2; // bits a cell
  const bytes = base64Bytes(String(wire.walls || ''));
  if (bytes.length !== (per * size + 7) >> 3) throw new Error('wall bits do not match the maze size');
  const bit = (/** @type {number} */ k) => (bytes[k >> 3] >> (k & 7)) & 1;
  const east = new Uint8Array(size);
  const south = new Uint8Array(size);
  const southeast = new Uint8Array(size);
  const southwest = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const k = per * i;
    east[i] = bit(k);
    south[i] = bit(k + 1);
    if (per === 4) {
      southeast[i] = bit(k + 2);
      southwest[i] = bit(k + 3);
    }
  }
  // The outer wall is closed whatever the bits say.
  for (let r = 0; r < rows; r++) {
    east[r * cols + cols - 1] = 0;
    southeast[r * cols + cols - 1] = 0;
    southwest[r * cols] = 0;
  }
  for (let c = 0; c < cols; c++) {
    const i = (rows - 1) * cols + c;
    south[i] = 0;
    southeast[i] = 0;
    southwest[i] = 0;
  }
  const entrance = readCell(wire.entrance);
  const exit = readCell(wire.exit);
  /** @type {Maze} */
  const maze = { rows, cols, size, directions, east, south, southeast, southwest, entrance, exit };
  if (!inBounds(maze, entrance) || !inBounds(maze, exit)) throw new Error('entrance or exit outside the maze');
  return maze;
}

/**
 * Cells from a packed cell list (a hint's path, back_path or order; docs/protocol.md, "Cell lists"):
 * base64 of little-endian unsigned flat indices i = r * cols + c, 2 bytes each when the maze has at
 * most 65,536 cells, else 4. Returns [[r, c], ...]; throws on a list that does not fit the maze.
 * @param {string} text
 * @param {{size: number, cols: number}} maze
 * @returns {Cell[]}
 */
export function decodeCells(text, maze) {
  const bytes = base64Bytes(String(text));
  const width = maze.size <= 65536 ? 2 : 4;
  if (bytes.length % width) throw new Error('the cell list does not fit the maze');
  /** @type {Cell[]} */
  const cells = new Array(bytes.length / width);
  for (let k = 0, o = 0; k < cells.length; k++, o += width) {
    let i = bytes[o] | (bytes[o + 1] << 8);
    if (width === 4) i += (bytes[o + 2] << 16) + bytes[o + 3] * 16777216;
    if (i >= maze.size) throw new Error('the cell list does not fit the maze');
    cells[k] = [Math.floor(i / maze.cols), i % maze.cols];
  }
  return cells;
}

/** @param {unknown} value @returns {Cell} */
function readCell(value) {
  if (!Array.isArray(value) || value.length !== 2) throw new Error('bad cell');
  return [Number(value[0]), Number(value[1])];
}

/** Whether [r, c] is a cell of the maze. @param {{rows: number, cols: number}} maze @param {readonly number[]} cell */
export function inBounds(maze, [r, c]) {
  return Number.isInteger(r) && Number.isInteger(c) && r >= 0 && c >= 0 && r < maze.rows && c < maze.cols;
}

/**
 * Which sides of a cell are open (its open-sides mask, spelled out): {up, right, down, left}, and in an
 * 8-direction maze also {'up-right', 'down-right', 'down-left', 'up-left'}. Each passage is stored once,
 * at its upper cell (west for east-west): north-east of (r, c) is the southwest bit of (r - 1, c + 1).
 * @param {Maze} maze
 * @param {readonly number[]} cell
 * @returns {Sides}
 */
export function openSides(maze, [r, c]) {
  const eight = maze?.directions === 8;
  /** @type {Sides} */
  const sides = { up: false, right: false, down: false, left: false };
  if (eight) Object.assign(sides, { 'up-right': false, 'down-right': false, 'down-left': false, 'up-left': false });
  if (!inBounds(maze, [r, c])) return sides;
  const { cols } = maze;
  const i = r * cols + c;
  sides.up = r > 0 && maze.south[i - cols] === 1;
  sides.right = maze.east[i] === 1;
  sides.down = maze.south[i] === 1;
  sides.left = c > 0 && maze.east[i - 1] === 1;
  if (eight) {
    sides['up-right'] = r > 0 && c < cols - 1 && maze.southwest[i - cols + 1] === 1;
    sides['down-right'] = maze.southeast[i] === 1;
    sides['down-left'] = maze.southwest[i] === 1;
    sides['up-left'] = r > 0 && c > 0 && maze.southeast[i - cols - 1] === 1;
  }
  return sides;
}

/**
 * The direction name from cell a to neighbouring cell b, or null. With a maze, only the directions it
 * allows count (a corner neighbour is no neighbour in a 4-direction maze).
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 * @param {{directions?: number} | null} [maze]
 * @returns {Dir | null}
 */
export function dirBetween(a, b, maze = null) {
  const dr = b[0] - a[0];
  const dc = b[1] - a[1];
  for (const name of maze ? directionsOf(maze) : ALL) {
    const [r, c] = DIRS[name];
    if (r === dr && c === dc) return name;
  }
  return null;
}

/**
 * The cell one step from `from` towards `dir` (no wall check).
 * @param {readonly number[]} from
 * @param {string} dir
 * @returns {Cell | null}
 */
export function step(from, dir) {
  const d = Object.hasOwn(DIRS, dir) ? DIRS[/** @type {Dir} */ (dir)] : null;
  return d ? [from[0] + d[0], from[1] + d[1]] : null;
}

/**
 * Whether neighbouring cells a and b are joined (false for anything else).
 * @param {Maze | null | undefined} maze
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 * @returns {boolean}
 */
export function isOpen(maze, a, b) {
  if (!maze || !inBounds(maze, a) || !inBounds(maze, b)) return false;
  const dir = dirBetween(a, b, maze);
  return dir !== null && !!openSides(maze, a)[dir];
}

/**
 * Open neighbours of a cell, in neighbour order (E, S, W, N, SE, SW, NW, NE).
 * @param {Maze} maze
 * @param {readonly number[]} cell
 * @returns {Cell[]}
 */
export function neighbours(maze, cell) {
  const open = openSides(maze, cell);
  return directionsOf(maze)
    .filter((dir) => open[dir])
    .map((dir) => /** @type {Cell} */ (step(cell, dir)));
}

/** Same cell? @param {readonly number[] | null | undefined} a @param {readonly number[] | null | undefined} b */
export function sameCell(a, b) {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/**
 * Encode the passage flags back to the wire form (used by tests and tools).
 * @param {{rows: number, cols: number, entrance: readonly number[], exit: readonly number[], east: ArrayLike<number>, south: ArrayLike<number>, southeast?: ArrayLike<number>, southwest?: ArrayLike<number>, directions?: number}} maze
 * @returns {WireMaze}
 */
export function encodeMaze({ rows, cols, entrance, exit, east, south, southeast, southwest, directions = 4 }) {
  const size = rows * cols;
  const per = directions === 8 ? 4 : 2;
  const bytes = new Uint8Array((per * size + 7) >> 3);
  const set = (/** @type {number} */ k) => (bytes[k >> 3] |= 1 << (k & 7));
  const flags = per === 4 ? [east, south, /** @type {ArrayLike<number>} */ (southeast), /** @type {ArrayLike<number>} */ (southwest)] : [east, south];
  for (let i = 0; i < size; i++) flags.forEach((flag, j) => flag[i] && set(per * i + j));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const copy = (/** @type {readonly number[]} */ cell) => /** @type {Cell} */ ([...cell]);
  return { rows, cols, directions, entrance: copy(entrance), exit: copy(exit), walls: btoa(binary) };
}
