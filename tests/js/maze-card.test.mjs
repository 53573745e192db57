import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mazeCard, shortestWay, sideMasks } from '../../web/js/model/maze-card.js';
import { blankMaze } from '../../web/js/editor/maze-shapes.js';

/** A 1 x n corridor, entrance at the left end, exit at the right. */
function corridor(n) {
  const maze = blankMaze(1, n);
  for (let c = 0; c < n - 1; c++) maze.east[c] = 1;
  maze.exit = [0, n - 1];
  return maze;
}

test('a corridor: solvable, one route, no loop, and no dead end: its ends are the entrance and the exit', () => {
  const card = mazeCard(corridor(5));
  assert.deepEqual(card, { solvable: true, shortest: 4, shortest_routes: 1, dead_ends: 0, decision_points: 0, loops: 0 });
  assert.deepEqual(shortestWay(corridor(3)), [[0, 0], [0, 1], [0, 2]]);
});

test('all walls: unsolvable, nothing counted', () => {
  const card = mazeCard(blankMaze(4, 4));
  assert.deepEqual(card, { solvable: false, shortest: null, shortest_routes: null, dead_ends: 0, decision_points: 0, loops: 0 });
  assert.equal(shortestWay(blankMaze(4, 4)), null);
});

test('an open 3 x 3 grid: C(4, 2) = 6 shortest routes and 4 loops', () => {
  const card = mazeCard(blankMaze(3, 3, 4, true));
  assert.equal(card.shortest, 4);
  assert.equal(card.shortest_routes, 6);
  assert.equal(card.loops, 4); // 12 passages - 9 cells + 1 component
  assert.equal(card.dead_ends, 0);
  assert.equal(card.decision_points, 5); // the four edge middles (3 sides) and the centre (4)
});

test('an open 150 x 150 grid counts its routes exactly, as digits beyond 2^53', () => {
  const card = mazeCard(blankMaze(150, 150, 4, true));
  assert.equal(typeof card.shortest_routes, 'string');
  // C(298, 149), computed independently
  let n = 1n;
  for (let k = 1n; k <= 149n; k++) n = (n * (149n + k)) / k;
  assert.equal(card.shortest_routes, n.toString());
});

test('8 directions: a diagonal passage is one step, and a cell off it a dead end', () => {
  const maze = blankMaze(2, 2, 8);
  maze.southeast[0] = 1;
  maze.east[2] = 1; // (1, 0) opens only east, into the exit
  maze.exit = [1, 1];
  const card = mazeCard(maze);
  assert.equal(card.shortest, 1);
  assert.equal(card.dead_ends, 1);
  const masks = sideMasks(maze);
  assert.equal(masks[0], 16); // SE
  assert.equal(masks[3], 64 + 4); // NW and W
});

test('the outer wall stays closed whatever the arrays say', () => {
  const maze = blankMaze(2, 2);
  maze.east[1] = 1; // the east side of the last column
  maze.south[2] = 1; // the south side of the last row
  assert.deepEqual([...sideMasks(maze)], [0, 0, 0, 0]);
});
