import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeMaze,
  decodeCells,
  encodeMaze,
  openSides,
  isOpen,
  neighbours,
  inBounds,
  dirBetween,
  step,
} from '../../web/js/maze.js';

// Built by hand: 2 x 3 cells.
//   (0,0) opens east to (0,1); (0,1) opens south to (1,1); (1,0) opens east to (1,1);
//   (1,1) opens east to (1,2); (0,2) opens south to (1,2).
// Bits (cell i: bit 2i = east, 2i+1 = south):
//   cell 0: east=1 -> bit 0;  cell 1: south=1 -> bit 3;  cell 2: south=1 -> bit 5;
//   cell 3: east=1 -> bit 6;  cell 4: east=1 -> bit 8;   cell 5: none.
// byte 0 = 0b0110_1001 = 0x69, byte 1 = 0b0000_0001 = 0x01.
const HAND = {
  rows: 2,
  cols: 3,
  entrance: [0, 0],
  exit: [1, 2],
  walls: Buffer.from([0x69, 0x01]).toString('base64'),
};

test('decodes the east and south bits of every cell', () => {
  const m = decodeMaze(HAND);
  assert.equal(m.rows, 2);
  assert.equal(m.cols, 3);
  assert.deepEqual([...m.east], [1, 0, 0, 1, 1, 0]);
  assert.deepEqual([...m.south], [0, 1, 1, 0, 0, 0]);
  assert.deepEqual(m.entrance, [0, 0]);
  assert.deepEqual(m.exit, [1, 2]);
});

test('east, south, west and north open sides follow the neighbours', () => {
  const m = decodeMaze(HAND);
  assert.deepEqual(openSides(m, [0, 0]), { up: false, right: true, down: false, left: false });
  assert.deepEqual(openSides(m, [0, 1]), { up: false, right: false, down: true, left: true });
  assert.deepEqual(openSides(m, [0, 2]), { up: false, right: false, down: true, left: false });
  assert.deepEqual(openSides(m, [1, 0]), { up: false, right: true, down: false, left: false });
  assert.deepEqual(openSides(m, [1, 1]), { up: true, right: true, down: false, left: true });
  assert.deepEqual(openSides(m, [1, 2]), { up: true, right: false, down: false, left: true });
  // open west = the west neighbour's east bit; north = north neighbour's south bit
  assert.equal(isOpen(m, [0, 1], [0, 0]), true);
  assert.equal(isOpen(m, [1, 1], [0, 1]), true);
  assert.equal(isOpen(m, [0, 1], [0, 2]), false); // wall
  assert.equal(isOpen(m, [0, 0], [1, 0]), false); // wall
  assert.equal(isOpen(m, [0, 0], [1, 1]), false); // not neighbours
  assert.equal(isOpen(m, [0, 0], [0, 0]), false); // same cell
});

test('the outer wall is closed and cells outside are out of bounds', () => {
  const m = decodeMaze(HAND);
  assert.equal(inBounds(m, [0, 0]), true);
  assert.equal(inBounds(m, [1, 2]), true);
  assert.equal(inBounds(m, [-1, 0]), false);
  assert.equal(inBounds(m, [2, 0]), false);
  assert.equal(inBounds(m, [0, 3]), false);
  assert.equal(isOpen(m, [0, 0], [-1, 0]), false);
  assert.equal(isOpen(m, [0, 0], [0, -1]), false);
  assert.equal(isOpen(m, [1, 2], [1, 3]), false);
  assert.equal(isOpen(m, [1, 2], [2, 2]), false);
  assert.deepEqual(openSides(m, [5, 5]), { up: false, right: false, down: false, left: false });
});

test('a set bit on the outer wall is ignored', () => {
  // cell 2 (0,2) east bit (bit 4) and cell 5 (1,2) south bit (bit 11) set: both on the outer wall
  const m = decodeMaze({ ...HAND, walls: Buffer.from([0x69 | 0x10, 0x01 | 0x08]).toString('base64') });
  assert.equal(m.east[2], 0);
  assert.equal(m.south[5], 0);
  assert.equal(openSides(m, [0, 2]).right, false);
});

test('neighbours lists open cells east, south, west, north', () => {
  const m = decodeMaze(HAND);
  assert.deepEqual(neighbours(m, [1, 1]), [[1, 2], [1, 0], [0, 1]]);
  assert.deepEqual(neighbours(m, [0, 0]), [[0, 1]]);
});

test('directions and steps', () => {
  assert.equal(dirBetween([1, 1], [0, 1]), 'up');
  assert.equal(dirBetween([1, 1], [2, 1]), 'down');
  assert.equal(dirBetween([1, 1], [1, 0]), 'left');
  assert.equal(dirBetween([1, 1], [1, 2]), 'right');
  assert.equal(dirBetween([1, 1], [2, 2]), null);
  assert.deepEqual(step([3, 4], 'up'), [2, 4]);
  assert.deepEqual(step([3, 4], 'left'), [3, 3]);
  assert.equal(step([3, 4], 'sideways'), null);
});

test('refuses malformed mazes', () => {
  assert.throws(() => decodeMaze({ ...HAND, walls: Buffer.from([0x69]).toString('base64') }), /do not match/);
  assert.throws(() => decodeMaze({ ...HAND, rows: 0 }));
  assert.throws(() => decodeMaze({ ...HAND, exit: [2, 0] }), /outside/);
  assert.throws(() => decodeMaze(null));
});

test('agrees with the server encoder (server/game/wire.py, kruskal 3x5 seed 7, braid 0.5, edges)', () => {
  const wire = { rows: 3, cols: 5, entrance: [1, 4], exit: [2, 0], walls: 'e5ZbAQ==' };
  const m = decodeMaze(wire);
  assert.deepEqual([...m.east], [1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0]);
  assert.deepEqual([...m.south], [1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
  assert.deepEqual(encodeMaze(m), wire);
});

test('encode and decode round-trip a 100 x 100 maze', () => {
  const size = 100 * 100;
  const east = new Uint8Array(size);
  const south = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    east[i] = (i * 7919) % 3 === 0 && i % 100 !== 99 ? 1 : 0;
    south[i] = (i * 104729) % 5 < 2 && i < size - 100 ? 1 : 0;
  }
  const wire = encodeMaze({ rows: 100, cols: 100, entrance: [0, 0], exit: [99, 99], east, south });
  assert.equal(Buffer.from(wire.walls, 'base64').length, 2500);
  const m = decodeMaze(wire);
  assert.deepEqual(m.east, east);
  assert.deepEqual(m.south, south);
});

// Packed cell lists as the server sends them (server/game/wire.py PackedCells.to_wire, same values).
test('decodes packed cell lists: 2 bytes a cell up to 65,536 cells, 4 above', () => {
  const hard = { rows: 150, cols: 150, size: 22500 };
  assert.deepEqual(decodeCells('AAAFAONX', hard), [[0, 0], [0, 5], [149, 149]]);
  assert.deepEqual(decodeCells('', hard), []);
  const huge = { rows: 300, cols: 300, size: 90000 };
  assert.deepEqual(decodeCells('AAAAAHARAQCPXwEA', huge), [[0, 0], [233, 100], [299, 299]]);
});

test('refuses packed cell lists that do not fit the maze', () => {
  const small = { rows: 2, cols: 3, size: 6 };
  assert.throws(() => decodeCells('AAAFAONX', small), /does not fit/); // index 5 fits, 22499 does not
  assert.throws(() => decodeCells(Buffer.from([1, 0, 2]).toString('base64'), small), /does not fit/);
});
