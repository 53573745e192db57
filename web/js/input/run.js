// Run to the junction: where a run along a corridor stops, from the maze the page knows. Pure: no DOM,
// no clock. A run leaves its cell one way, then follows the corridor (cells with exactly two open sides)
// and stops on the first cell that offers a choice or an end: a junction (3+ open sides), a dead end,
// the exit, or, in a fog race, where the known maze ends (a cell some of whose neighbours are unseen,
// for a side towards an unseen cell may be an opening nobody has told us about).
import { directionsOf, inBounds, neighbours, openSides, sameCell, step } from '../model/maze.js';

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {import('../model/wire-types.js').Cell} Cell */

/** Whether the page knows cell `i` (a maze without fog knows every cell). @param {Maze} maze @param {readonly number[]} cell */
const seenAt = (maze, [r, c]) => !maze.seen || maze.seen[r * maze.cols + c] === 1;

/** Whether every side of `cell` is known: it and each neighbour it has (in the maze's directions) are seen. */
/** @param {Maze} maze @param {readonly number[]} cell */
export function fullyKnown(maze, cell) {
  if (!seenAt(maze, cell)) return false;
  if (!maze.seen) return true;
  return directionsOf(maze).every((dir) => {
    const next = /** @type {Cell} */ (step(cell, dir)); // dir is one of the maze's: a cell
    return !inBounds(maze, next) || seenAt(maze, next);
  });
}

/** The first step of a run: the cell next to `from` towards `dir`, when it is open and known; else null. */
/** @param {Maze | null | undefined} maze @param {readonly number[] | null | undefined} from @param {import('../model/maze.js').Dir} dir @returns {Cell | null} */
export function firstRunStep(maze, from, dir) {
  if (!maze || !from || !directionsOf(maze).includes(dir) || !openSides(maze, from)[dir]) return null;
  const next = /** @type {Cell} */ (step(from, dir));
  return seenAt(maze, next) ? next : null;
}

/**
 * The next cell of a run that came from `prev` to `cell`, or null when the run stops at `cell`: the
 * exit, a cell whose sides are not all known, or anything but a corridor (exactly two open sides, one of
 * them back to `prev`).
 * @param {Maze} maze
 * @param {readonly number[] | null} prev
 * @param {readonly number[]} cell
 * @returns {Cell | null}
 */
export function nextRunStep(maze, prev, cell) {
  if (sameCell(cell, maze.exit) || !fullyKnown(maze, cell)) return null;
  const open = neighbours(maze, cell);
  if (open.length !== 2) return null;
  const next = open.find((n) => !sameCell(n, prev));
  return next && seenAt(maze, next) ? next : null;
}

/**
 * The cells a run from `from` towards `dir` walks through, in order, ending where it stops; [] when the
 * first step is a wall (or unknown). A corridor that loops back to `from` stops there.
 * @param {Maze} maze
 * @param {readonly number[]} from
 * @param {import('../model/maze.js').Dir} dir
 * @returns {Cell[]}
 */
export function runPath(maze, from, dir) {
  const first = firstRunStep(maze, from, dir);
  if (!first) return [];
  const path = [first];
  /** @type {readonly number[]} */
  let prev = from;
  let cell = first;
  while (path.length < maze.rows * maze.cols && !sameCell(cell, from)) {
    const next = nextRunStep(maze, prev, cell);
    if (!next) break;
    path.push(next);
    prev = cell;
    cell = next;
  }
  return path;
}
