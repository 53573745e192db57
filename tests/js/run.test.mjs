import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPath, nextRunStep, firstRunStep, fullyKnown } from '../../web/js/input/run.js';
import { dirBetween } from '../../web/js/model/maze.js';

/** A decoded maze (maze.js's shape) with the passages named by cell pairs open. */
function mazeOf(rows, cols, passages, { directions = 4, exit = [rows - 1, cols - 1], seen = null } = {}) {
  const size = rows * cols;
  const maze = { rows, cols, size, directions, entrance: [0, 0], exit, seen: null };
  for (const name of ['east', 'south', 'southeast', 'southwest']) maze[name] = new Uint8Array(size);
  for (const [a, b] of passages) {
    const [top, bottom] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
    const i = top[0] * cols + top[1];
    const flag = { right: 'east', down: 'south', 'down-right': 'southeast', 'down-left': 'southwest' }[dirBetween(top, bottom)];
    if (!flag) throw new Error(`no passage ${a} ${b}`);
    maze[flag][i] = 1;
  }
  if (seen) {
    maze.seen = new Uint8Array(size);
    for (const [r, c] of seen) maze.seen[r * cols + c] = 1;
  }
  return maze;
}

// 5 x 5, 4 directions (o a cell, - and | passages; X the exit):
//   o-o-o-o-o      row 0: a corridor with a branch down at (0, 2)
//       |   |
//       o   o      (1, 2) a dead end
//           |
//   o-o-o-o-o      (2, 2) a junction: west, east, south
//   |   |
//   o   o          (3, 0) a dead end
//       |
//       o-X-o      the exit (4, 3) sits inside a corridor
const FOUR = [
  [[0, 0], [0, 1]], [[0, 1], [0, 2]], [[0, 2], [0, 3]], [[0, 3], [0, 4]],
  [[0, 2], [1, 2]], [[0, 4], [1, 4]], [[1, 4], [2, 4]],
  [[2, 4], [2, 3]], [[2, 3], [2, 2]], [[2, 2], [2, 1]], [[2, 1], [2, 0]], [[2, 0], [3, 0]],
  [[2, 2], [3, 2]], [[3, 2], [4, 2]], [[4, 2], [4, 3]], [[4, 3], [4, 4]],
];
const four = mazeOf(5, 5, FOUR, { exit: [4, 3] });

test('a run stops at the first junction', () => {
  assert.deepEqual(runPath(four, [0, 0], 'right'), [[0, 1], [0, 2]]);
});

test('a run follows the corridor round its corners', () => {
  assert.deepEqual(runPath(four, [0, 2], 'right'), [[0, 3], [0, 4], [1, 4], [2, 4], [2, 3], [2, 2]]);
  assert.deepEqual(runPath(four, [2, 2], 'left'), [[2, 1], [2, 0], [3, 0]], 'round the corner into the dead end');
});

test('a run stops at a dead end and at the exit, even mid-corridor', () => {
  assert.deepEqual(runPath(four, [0, 2], 'down'), [[1, 2]]);
  assert.deepEqual(runPath(four, [2, 2], 'down'), [[3, 2], [4, 2], [4, 3]]);
});

test('a run into a wall or off the maze goes nowhere', () => {
  assert.deepEqual(runPath(four, [0, 0], 'down'), []);
  assert.deepEqual(runPath(four, [0, 0], 'up'), []);
  assert.deepEqual(runPath(four, [0, 0], 'left'), []);
  assert.equal(firstRunStep(four, [0, 0], 'down-right'), null, 'no diagonal in a 4-direction maze');
});

test('a run from a corridor cell back the way it came runs to the other end', () => {
  assert.deepEqual(runPath(four, [1, 4], 'up'), [[0, 4], [0, 3], [0, 2]]);
  assert.equal(nextRunStep(four, [0, 3], [0, 4]).join(), '1,4');
  assert.equal(nextRunStep(four, [0, 1], [0, 2]), null, 'a junction ends it');
});

test('a corridor that loops back ends where the run started', () => {
  const ring = mazeOf(2, 3, [[[0, 0], [0, 1]], [[0, 1], [1, 1]], [[1, 1], [1, 0]], [[1, 0], [0, 0]]], { exit: [0, 2] });
  assert.deepEqual(runPath(ring, [0, 0], 'right'), [[0, 1], [1, 1], [1, 0], [0, 0]]);
});

test('in fog a run stops where the known maze ends', () => {
  const seen = [[0, 0], [0, 1], [1, 0], [1, 1], [0, 2], [1, 2]];
  const fog = mazeOf(5, 5, FOUR, { exit: [4, 3], seen });
  assert.equal(fullyKnown(fog, [0, 1]), true);
  assert.equal(fullyKnown(fog, [0, 2]), false, '(0, 3) is not seen: (0, 2) may have more ways');
  assert.deepEqual(runPath(fog, [0, 0], 'right'), [[0, 1], [0, 2]]);
  const less = mazeOf(5, 5, FOUR, { exit: [4, 3], seen: [[0, 0], [0, 1], [1, 0], [1, 1]] });
  assert.deepEqual(runPath(less, [0, 0], 'right'), [[0, 1]], 'stops on the last cell with every side known');
  const edge = mazeOf(5, 5, FOUR, { exit: [4, 3], seen: [[0, 0], [1, 0]] });
  assert.deepEqual(runPath(edge, [0, 0], 'right'), [], 'never steps into an unseen cell');
});

// 3 x 3, 8 directions:
//   (0,0) ↘ (1,1) ↘ (2,2) - (2,1): a diagonal corridor turning west into (2,1), a junction
//   (2,1) - (2,0), (2,1) ↗ (1,2); and (1,0) ↗ (0,1) crossing the first diagonal (crossings do not join)
const EIGHT = [
  [[0, 0], [1, 1]], [[1, 1], [2, 2]], [[2, 2], [2, 1]], [[2, 1], [2, 0]], [[2, 1], [1, 2]], [[1, 0], [0, 1]],
];
const eight = mazeOf(3, 3, EIGHT, { directions: 8, exit: [0, 2] });

test('8 directions: a run follows diagonal passages to the junction', () => {
  assert.deepEqual(runPath(eight, [0, 0], 'down-right'), [[1, 1], [2, 2], [2, 1]]);
  assert.deepEqual(runPath(eight, [2, 1], 'up-right'), [[1, 2]], 'a dead end');
  assert.deepEqual(runPath(eight, [1, 0], 'up-right'), [[0, 1]], 'across the other diagonal, to a dead end');
  assert.deepEqual(runPath(eight, [0, 0], 'right'), []);
});

test('8 directions: the same passages read as a 4-direction maze have no diagonals', () => {
  const flat = { ...eight, directions: 4 };
  assert.deepEqual(runPath(flat, [0, 0], 'down-right'), []);
  assert.deepEqual(runPath(flat, [2, 2], 'left'), [[2, 1], [2, 0]], 'without its diagonal (2, 1) is a corridor');
});
