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
  directionsOf,
  step,
} from '../../web/js/model/maze.js';

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
  assert.equal(dirBetween([1, 1], [2, 2]), 'down-right');
  assert.equal(dirBetween([1, 1], [3, 3]), null);
  assert.equal(dirBetween([1, 1], [1, 1]), null);
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

test('agrees with the server encoder (server/maze/wire.py, kruskal 3x5 seed 7, braid 0.5, edges)', () => {
  const wire = { rows: 3, cols: 5, entrance: [1, 4], exit: [2, 0], directions: 4, walls: 'e5ZbAQ==' };
  const m = decodeMaze(wire);
  assert.deepEqual([...m.east], [1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0]);
  assert.deepEqual([...m.south], [1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
  assert.deepEqual(encodeMaze(m), wire);
  const { directions, ...older } = wire;
  assert.equal(decodeMaze(older).directions, 4, 'a wire maze without `directions` has 4');
  assert.equal(directions, 4);
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

// Packed cell lists as the server sends them (server/maze/wire.py PackedCells.to_wire, same values).
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

// ---- 8 directions (docs/protocol.md, "Wire maze"): bits 4i..4i+3 = east, south, southeast, southwest ----
// Built by hand: 3 x 3 cells, two pairs of crossing diagonals.
//   (0,0) SE to (1,1): bit 2       (0,1) SW to (1,0): bit 7      (0,1) E to (0,2): bit 4
//   (0,2) S to (1,2): bit 9        (1,0) S to (2,0): bit 13
//   (1,1) SE to (2,2): bit 18      (1,2) SW to (2,1): bit 23     (2,0) E to (2,1): bit 24
// byte 0 = bits 2, 4, 7 = 0x94; byte 1 = bits 9, 13 = 0x22; byte 2 = bits 18, 23 = 0x84; byte 3 = bit 24 = 0x01;
// byte 4 = 0 (36 bits in 5 bytes).
const EIGHT_BYTES = [0x94, 0x22, 0x84, 0x01, 0x00];
const EIGHT = {
  rows: 3,
  cols: 3,
  directions: 8,
  entrance: [0, 0],
  exit: [2, 2],
  walls: Buffer.from(EIGHT_BYTES).toString('base64'),
};

test('8 directions: decodes the east, south, southeast and southwest bits of every cell', () => {
  const m = decodeMaze(EIGHT);
  assert.equal(m.directions, 8);
  assert.deepEqual([...m.east], [0, 1, 0, 0, 0, 0, 1, 0, 0]);
  assert.deepEqual([...m.south], [0, 0, 1, 1, 0, 0, 0, 0, 0]);
  assert.deepEqual([...m.southeast], [1, 0, 0, 0, 1, 0, 0, 0, 0]);
  assert.deepEqual([...m.southwest], [0, 1, 0, 0, 0, 1, 0, 0, 0]);
});

test('8 directions: every cell sees its diagonal passages from both ends', () => {
  const m = decodeMaze(EIGHT);
  const open = (cell) =>
    Object.entries(openSides(m, cell))
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();
  assert.deepEqual(Object.keys(openSides(m, [0, 0])).length, 8, 'all eight sides are named');
  assert.deepEqual(open([0, 0]), ['down-right']);
  assert.deepEqual(open([0, 1]), ['down-left', 'right']);
  assert.deepEqual(open([1, 0]), ['down', 'up-right']);
  assert.deepEqual(open([1, 1]), ['down-right', 'up-left']);
  assert.deepEqual(open([1, 2]), ['down-left', 'up']);
  assert.deepEqual(open([2, 1]), ['left', 'up-right']);
  assert.deepEqual(open([2, 2]), ['up-left']);
  assert.equal(isOpen(m, [1, 1], [0, 0]), true);
  assert.equal(isOpen(m, [1, 0], [0, 1]), true);
  assert.equal(isOpen(m, [0, 0], [1, 0]), false, 'a wall');
  assert.equal(isOpen(m, [1, 1], [0, 2]), false, 'no diagonal there');
  assert.equal(isOpen(m, [0, 0], [2, 2]), false, 'not neighbours');
});

test('8 directions: neighbours come east, south, west, north, southeast, southwest, northwest, northeast', () => {
  const m = decodeMaze(EIGHT);
  assert.deepEqual(neighbours(m, [0, 1]), [[0, 2], [1, 0]]);
  assert.deepEqual(neighbours(m, [1, 1]), [[2, 2], [0, 0]]);
  assert.deepEqual(neighbours(m, [1, 2]), [[0, 2], [2, 1]]);
  assert.deepEqual(neighbours(m, [2, 1]), [[2, 0], [1, 2]]);
});

test('8 directions: diagonal bits on the outer wall are ignored', () => {
  const bytes = [...EIGHT_BYTES];
  const set = (k) => (bytes[k >> 3] |= 1 << (k & 7));
  set(4 * 2 + 2); // (0,2) southeast: off the east edge
  set(4 * 3 + 3); // (1,0) southwest: off the west edge
  set(4 * 6 + 2); // (2,0) southeast: off the bottom
  set(4 * 8 + 1); // (2,2) south: off the bottom
  const m = decodeMaze({ ...EIGHT, walls: Buffer.from(bytes).toString('base64') });
  assert.equal(m.southeast[2], 0);
  assert.equal(m.southwest[3], 0);
  assert.equal(m.southeast[6], 0);
  assert.equal(m.south[8], 0);
  assert.equal(openSides(m, [0, 2])['down-right'], false);
  assert.equal(openSides(m, [1, 0])['down-left'], false);
  assert.equal(openSides(m, [0, 0])['up-left'], false, 'nothing above the top row');
});

test('8 directions: the size check counts four bits a cell; other direction counts are refused', () => {
  assert.throws(() => decodeMaze({ ...EIGHT, walls: Buffer.from([0x94, 0x22, 0x84]).toString('base64') }), /do not match/);
  assert.throws(() => decodeMaze({ ...EIGHT, directions: 4 }), /do not match/, '5 bytes are not 18 bits');
  assert.throws(() => decodeMaze({ ...EIGHT, directions: 6 }), /4 or 8/);
  assert.throws(() => decodeMaze({ ...EIGHT, directions: '8' }), /4 or 8/);
});

test('8 directions: encode and decode round-trip', () => {
  const m = decodeMaze(EIGHT);
  assert.deepEqual(encodeMaze(m), EIGHT);
});

test('a 4-direction maze has no diagonal sides, neighbours or directions', () => {
  const m = decodeMaze(HAND);
  assert.deepEqual(Object.keys(openSides(m, [0, 0])), ['up', 'right', 'down', 'left']);
  assert.deepEqual(directionsOf(m), ['right', 'down', 'left', 'up']);
  assert.equal(dirBetween([0, 0], [1, 1], m), null, 'a corner neighbour is no neighbour here');
  assert.equal(dirBetween([0, 0], [0, 1], m), 'right');
  assert.equal(isOpen(m, [0, 0], [1, 1]), false);
});

test('8 directions: names, steps and directions of the maze', () => {
  const m = decodeMaze(EIGHT);
  assert.deepEqual(directionsOf(m), ['right', 'down', 'left', 'up', 'down-right', 'down-left', 'up-left', 'up-right']);
  assert.equal(dirBetween([1, 1], [0, 2], m), 'up-right');
  assert.equal(dirBetween([1, 1], [2, 0], m), 'down-left');
  assert.equal(dirBetween([1, 1], [0, 0], m), 'up-left');
  assert.deepEqual(step([3, 4], 'up-right'), [2, 5]);
  assert.deepEqual(step([3, 4], 'down-right'), [4, 5]);
  assert.deepEqual(step([3, 4], 'down-left'), [4, 3]);
  assert.deepEqual(step([3, 4], 'up-left'), [2, 3]);
  assert.equal(step([3, 4], 'toString'), null, 'only the eight names');
});

test('8 directions: agrees with the server encoder (server/maze/wire.py, kruskal 3x4 seed 7, 8 directions)', () => {
  const wire = { rows: 3, cols: 4, entrance: [0, 0], exit: [2, 3], directions: 8, walls: 'goTCgRAB' };
  const m = decodeMaze(wire);
  assert.deepEqual([...m.east], [0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0]);
  assert.deepEqual([...m.south], [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual([...m.southeast], [0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual([...m.southwest], [0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0]);
  assert.deepEqual(encodeMaze(m), wire);
});
