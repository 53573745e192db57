// The room state's prediction: the own arrow moves at once, the ack confirms it, a refusal snaps it
// back, and only steps the maze allows (4 or 8 directions) are predicted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomState, MAX_PENDING } from '../../web/js/model/state.js';
import { encodeMaze } from '../../web/js/model/maze.js';
import { asYou, env, lobby, racing } from './fixtures/room-snapshots.mjs';

test('prediction moves the own arrow at once and the ack confirms it', () => {
  const s = asYou();
  assert.equal(s.predictMove(1, [0, 1]), true);
  assert.deepEqual(s.view('a').cell, [0, 1]);
  assert.equal(s.view('a').facing, 'right');
  assert.deepEqual(s.view('a').trail, [[0, 0], [0, 1]]);
  assert.deepEqual(s.player('a').cell, [0, 0], 'the confirmed state waits for the server');
  s.confirmMove(1, { cell: [0, 1], facing: 'right', trail_len: 2, moves: 1, seq: 1 });
  assert.equal(s.pending.length, 0);
  assert.deepEqual(s.player('a').cell, [0, 1]);
  assert.equal(s.player('a').moves, 1);
  // The room's moved event for the same move changes nothing but the distance.
  assert.equal(s.applyEnvelope(env(11, 'moved', { id: 'a', cell: [0, 1], facing: 'right', trail_len: 2, moves: 1, distance: 3 })), 'applied');
  assert.deepEqual(s.player('a').trail, [[0, 0], [0, 1]]);
  assert.equal(s.player('a').distance, 3);
  assert.equal(s.player('a').moves, 1);
});

test('no prediction through a wall, out of the maze, or when not racing', () => {
  const s = asYou();
  assert.equal(s.predictMove(1, [1, 0]), false, 'wall');
  assert.equal(s.predictMove(2, [-1, 0]), false, 'outside');
  assert.equal(s.predictMove(3, [1, 1]), false, 'not a neighbour');
  assert.equal(s.pending.length, 0);
  const l = new RoomState();
  l.setYou({ id: 'a', role: 'player' });
  l.applySnapshot(lobby());
  assert.equal(l.predictMove(1, [0, 1]), false);
  const w = new RoomState();
  w.setYou({ id: 'zz', role: 'spectator' });
  w.applySnapshot(racing());
  assert.equal(w.predictMove(1, [0, 1]), false, 'spectators do not move');
});

test('a refused move snaps back, with every later prediction', () => {
  const s = asYou();
  assert.equal(s.predictMove(1, [0, 1]), true);
  assert.equal(s.predictMove(2, [1, 1]), true);
  assert.equal(s.predictMove(3, [1, 0]), true);
  assert.deepEqual(s.view('a').cell, [1, 0]);
  assert.equal(s.rejectMove(2), true);
  assert.deepEqual(s.view('a').cell, [0, 1]);
  assert.deepEqual(s.view('a').trail, [[0, 0], [0, 1]]);
  assert.equal(s.rejectMove(1), true);
  assert.deepEqual(s.view('a').cell, [0, 0]);
  assert.equal(s.predicted, null);
  assert.equal(s.rejectMove(3), false, 'already rolled back');
});

test('acks and moved events in any interleaving end in the same trail', () => {
  const s = asYou();
  s.predictMove(1, [0, 1]);
  s.predictMove(2, [1, 1]);
  s.confirmMove(1, { cell: [0, 1], facing: 'right', trail_len: 2, moves: 1 });
  s.confirmMove(2, { cell: [1, 1], facing: 'down', trail_len: 3, moves: 2 });
  s.applyEnvelope(env(11, 'moved', { id: 'a', cell: [0, 1], facing: 'right', trail_len: 2, moves: 1, distance: 3 }));
  assert.deepEqual(s.player('a').trail, [[0, 0], [0, 1], [1, 1]], 'an older event does not undo a newer ack');
  s.applyEnvelope(env(12, 'moved', { id: 'a', cell: [1, 1], facing: 'down', trail_len: 3, moves: 2, distance: 2 }));
  assert.deepEqual(s.player('a').trail, [[0, 0], [0, 1], [1, 1]]);
  assert.equal(s.player('a').distance, 2);
  // Event before ack: the ack then changes nothing.
  s.predictMove(3, [1, 0]);
  s.applyEnvelope(env(13, 'moved', { id: 'a', cell: [1, 0], facing: 'left', trail_len: 4, moves: 3, distance: 3 }));
  assert.deepEqual(s.view('a').cell, [1, 0]);
  s.confirmMove(3, { cell: [1, 0], facing: 'left', trail_len: 4, moves: 3 });
  assert.deepEqual(s.player('a').trail, [[0, 0], [0, 1], [1, 1], [1, 0]]);
  assert.equal(s.pending.length, 0);
});

test('predictions stop when too many are in flight', () => {
  const s = asYou();
  const path = [[0, 1], [0, 0]];
  for (let i = 0; i < MAX_PENDING; i++) assert.equal(s.predictMove(i + 1, path[i % 2]), true);
  assert.equal(s.predictMove(99, path[MAX_PENDING % 2]), false);
});

// A 3 x 3 8-direction maze: a diagonal staircase (0,0) -> (1,1) -> (2,2), and (1,1) east to (1,2).
function diagonalMaze() {
  const none = () => new Uint8Array(9);
  const east = none();
  const southeast = none();
  southeast[0] = 1;
  southeast[4] = 1;
  east[4] = 1;
  return encodeMaze({ rows: 3, cols: 3, directions: 8, entrance: [0, 0], exit: [2, 2], east, south: none(), southeast, southwest: none() });
}

test('8 directions: a diagonal move is predicted with its diagonal facing; a corner without a passage is not', () => {
  const s = new RoomState();
  s.setYou({ id: 'a', role: 'player', token: 't' });
  s.applySnapshot(racing(10, { maze: diagonalMaze() }));
  assert.equal(s.maze.directions, 8);
  assert.equal(s.predictMove(1, [1, 0]), false, 'a wall');
  assert.equal(s.predictMove(2, [1, 1]), true);
  assert.deepEqual(s.view('a').cell, [1, 1]);
  assert.equal(s.view('a').facing, 'down-right');
  assert.equal(s.predictMove(3, [0, 2]), false, 'no passage up-right');
  assert.equal(s.predictMove(4, [1, 2]), true);
  assert.equal(s.predictMove(5, [1, 1]), true);
  assert.equal(s.view('a').facing, 'left');
  assert.equal(s.predictMove(6, [2, 2]), true);
  assert.deepEqual(s.view('a').trail, [[0, 0], [1, 1], [2, 2]], 'the trail steps across corners too');
  s.confirmMove(2, { cell: [1, 1], facing: 'down-right', trail_len: 2, moves: 1, seq: 2 });
  assert.equal(s.player('a').facing, 'down-right');
});

test('4 directions: a corner step is never predicted, even in a fully open maze', () => {
  const s = asYou();
  assert.equal(s.maze.directions, 4);
  assert.equal(s.predictMove(1, [1, 1]), false);
  assert.equal(s.pending.length, 0);
});
