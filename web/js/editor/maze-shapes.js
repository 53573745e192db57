// Mazes and cells as the editor shapes them: a blank maze (all walls or all open), the border
// cells where openings go, where the passage between two cells is stored, and the cells a fast stroke
// passed over. Pure: no DOM, no history (editor-model.js keeps that).

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {[number, number]} Cell */

/**
 * A maze of `rows` x `cols` cells with every wall standing, or every passage open; entrance at the top
 * left, exit at the bottom right.
 * @param {number} rows
 * @param {number} cols
 * @param {number} [directions]
 * @param {boolean} [open]
 * @returns {Maze}
 */
export function blankMaze(rows, cols, directions = 4, open = false) {
  const size = rows * cols;
  const maze = {
    rows, cols, size, directions,
    east: new Uint8Array(size), south: new Uint8Array(size), southeast: new Uint8Array(size), southwest: new Uint8Array(size),
    entrance: /** @type {Cell} */ ([0, 0]), exit: /** @type {Cell} */ ([rows - 1, cols - 1]),
  };
  if (open) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        maze.east[i] = c < cols - 1 ? 1 : 0;
        maze.south[i] = r < rows - 1 ? 1 : 0;
      }
    }
  }
  return maze;
}

/** Whether a cell lies on the maze's outer border (where openings go). @param {{rows: number, cols: number}} maze @param {readonly number[]} cell */
export const onBorder = ({ rows, cols }, [r, c]) => r >= 0 && c >= 0 && r < rows && c < cols && (r === 0 || c === 0 || r === rows - 1 || c === cols - 1);

/**
 * The nearest border cell to a cell (for openings left inside by a resize).
 * @param {{rows: number, cols: number}} maze
 * @param {readonly number[]} cell
 * @returns {Cell}
 */
export function nearestBorder({ rows, cols }, [r0, c0]) {
  const r = Math.min(Math.max(r0, 0), rows - 1);
  const c = Math.min(Math.max(c0, 0), cols - 1);
  const moves = [[r, r], [rows - 1 - r, r], [c, c], [cols - 1 - c, c]];
  const best = moves.indexOf(moves.reduce((a, b) => (b[0] < a[0] ? b : a)));
  return /** @type {Cell} */ ([[0, c], [rows - 1, c], [r, 0], [r, cols - 1]][best]);
}

/**
 * Where the passage between two neighbouring cells is stored: [array, cell index], or null when they
 * are not neighbours the maze allows (a corner in a 4-direction maze, or cells apart).
 * @param {Maze} maze
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 * @returns {[number, number] | null}
 */
export function passageOf(maze, a, b) {
  const { rows, cols } = maze;
  const inside = (/** @type {readonly number[]} */ [r, c]) => r >= 0 && c >= 0 && r < rows && c < cols;
  if (!inside(a) || !inside(b)) return null;
  const [top, bottom] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  const dr = bottom[0] - top[0];
  const dc = bottom[1] - top[1];
  const i = top[0] * cols + top[1];
  if (dr === 0 && dc === 1) return [0, i];
  if (dr === 1 && dc === 0) return [1, i];
  if (maze.directions !== 8 || dr !== 1) return null;
  if (dc === 1) return [2, i];
  if (dc === -1) return [3, i];
  return null;
}

/**
 * The cells a pointer passed over between two cells it was seen in, each a neighbour of the one
 * before (diagonal steps only in an 8-direction maze): a fast stroke skips no passage.
 * @param {readonly number[]} from
 * @param {readonly number[]} to
 * @param {number} directions
 * @returns {Cell[]} the cells after `from`, up to and including `to`
 */
export function cellsBetween(from, to, directions) {
  /** @type {Cell[]} */
  const cells = [];
  let [r, c] = from;
  while (r !== to[0] || c !== to[1]) {
    const dr = Math.sign(to[0] - r);
    const dc = Math.sign(to[1] - c);
    if (directions === 8 || dr === 0 || dc === 0) {
      r += dr;
      c += dc;
    } else if (Math.abs(to[0] - r) >= Math.abs(to[1] - c)) r += dr;
    else c += dc;
    cells.push([r, c]);
  }
  return cells;
}
