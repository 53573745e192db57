// The wire maze (docs/protocol.md, "Wire maze") and small pure helpers on it. No DOM.
// Bit 2i of the decoded bytes is 1 when cell i opens east, bit 2i+1 when it opens south,
// bit k being (bytes[k >> 3] >> (k & 7)) & 1. Cells are [r, c], 0-based; i = r * cols + c.

export const DIRS = Object.freeze({
  up: Object.freeze([-1, 0]),
  right: Object.freeze([0, 1]),
  down: Object.freeze([1, 0]),
  left: Object.freeze([0, -1]),
});

/** Bytes of a base64 string (atob exists in browsers and in Node >= 16). */
export function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A maze from its wire form: {rows, cols, entrance, exit, east, south}; throws on malformed input. */
export function decodeMaze(wire) {
  if (!wire || typeof wire !== 'object') throw new Error('no maze');
  const rows = wire.rows;
  const cols = wire.cols;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    throw new Error('bad maze size');
  }
  const size = rows * cols;
  const bytes = base64Bytes(String(wire.walls || ''));
  if (bytes.length !== (2 * size + 7) >> 3) throw new Error('wall bits do not match the maze size');
  const east = new Uint8Array(size);
  const south = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const k = 2 * i;
    east[i] = (bytes[k >> 3] >> (k & 7)) & 1;
    south[i] = (bytes[(k + 1) >> 3] >> ((k + 1) & 7)) & 1;
  }
  // The outer wall is closed whatever the bits say.
  for (let r = 0; r < rows; r++) east[r * cols + cols - 1] = 0;
  for (let c = 0; c < cols; c++) south[(rows - 1) * cols + c] = 0;
  const entrance = readCell(wire.entrance);
  const exit = readCell(wire.exit);
  const maze = { rows, cols, size, east, south, entrance, exit };
  if (!inBounds(maze, entrance) || !inBounds(maze, exit)) throw new Error('entrance or exit outside the maze');
  return maze;
}

/**
 * Cells from a packed cell list (a hint's path, back_path or order; docs/protocol.md, "Cell lists"):
 * base64 of little-endian unsigned flat indices i = r * cols + c, 2 bytes each when the maze has at
 * most 65,536 cells, else 4. Returns [[r, c], ...]; throws on a list that does not fit the maze.
 */
export function decodeCells(text, maze) {
  const bytes = base64Bytes(String(text));
  const width = maze.size <= 65536 ? 2 : 4;
  if (bytes.length % width) throw new Error('the cell list does not fit the maze');
  const cells = new Array(bytes.length / width);
  for (let k = 0, o = 0; k < cells.length; k++, o += width) {
    let i = bytes[o] | (bytes[o + 1] << 8);
    if (width === 4) i += (bytes[o + 2] << 16) + bytes[o + 3] * 16777216;
    if (i >= maze.size) throw new Error('the cell list does not fit the maze');
    cells[k] = [Math.floor(i / maze.cols), i % maze.cols];
  }
  return cells;
}

function readCell(value) {
  if (!Array.isArray(value) || value.length !== 2) throw new Error('bad cell');
  return [Number(value[0]), Number(value[1])];
}

/** Whether [r, c] is a cell of the maze. */
export function inBounds(maze, [r, c]) {
  return Number.isInteger(r) && Number.isInteger(c) && r >= 0 && c >= 0 && r < maze.rows && c < maze.cols;
}

/** Which sides of a cell are open (its open-sides mask, spelled out): {up, right, down, left}. */
export function openSides(maze, [r, c]) {
  if (!inBounds(maze, [r, c])) return { up: false, right: false, down: false, left: false };
  const i = r * maze.cols + c;
  return {
    up: r > 0 && maze.south[i - maze.cols] === 1,
    right: maze.east[i] === 1,
    down: maze.south[i] === 1,
    left: c > 0 && maze.east[i - 1] === 1,
  };
}

/** The direction name from cell a to neighbouring cell b, or null. */
export function dirBetween(a, b) {
  const dr = b[0] - a[0];
  const dc = b[1] - a[1];
  for (const [name, [r, c]] of Object.entries(DIRS)) if (r === dr && c === dc) return name;
  return null;
}

/** The cell one step from `from` towards `dir` (no wall check). */
export function step(from, dir) {
  const d = DIRS[dir];
  return d ? [from[0] + d[0], from[1] + d[1]] : null;
}

/** Whether neighbouring cells a and b are joined (false for anything else). */
export function isOpen(maze, a, b) {
  if (!maze || !inBounds(maze, a) || !inBounds(maze, b)) return false;
  const dir = dirBetween(a, b);
  return dir !== null && openSides(maze, a)[dir];
}

/** Open neighbours of a cell, in the order east, south, west, north. */
export function neighbours(maze, cell) {
  const open = openSides(maze, cell);
  const out = [];
  for (const dir of ['right', 'down', 'left', 'up']) if (open[dir]) out.push(step(cell, dir));
  return out;
}

/** Same cell? */
export function sameCell(a, b) {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** Encode east/south flags back to the wire form (used by tests and tools). */
export function encodeMaze({ rows, cols, entrance, exit, east, south }) {
  const size = rows * cols;
  const bytes = new Uint8Array((2 * size + 7) >> 3);
  for (let i = 0; i < size; i++) {
    if (east[i]) bytes[(2 * i) >> 3] |= 1 << ((2 * i) & 7);
    if (south[i]) bytes[(2 * i + 1) >> 3] |= 1 << ((2 * i + 1) & 7);
  }
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { rows, cols, entrance: [...entrance], exit: [...exit], walls: btoa(binary) };
}
