import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomState, hintCells, movedTrail, steppedTrail } from '../../web/js/model/state.js';
import { entry, env, lobby, openMaze, racing } from './fixtures/room-snapshots.mjs';

test('a snapshot sets the whole room', () => {
  const s = new RoomState();
  assert.equal(s.applySnapshot(lobby(), 9_000), 'ok');
  assert.equal(s.version, 3);
  assert.equal(s.phase, 'lobby');
  assert.equal(s.players.length, 2);
  assert.equal(s.player('a').host, true);
  assert.equal(s.player('b').host, false);
  assert.equal(s.spectators, 1);
  assert.equal(s.clockOffset, 1_000);
  assert.equal(s.maze, null);
});

test('the `cell` of a player entry is kept; joining again keeps cell and trail', () => {
  const s = new RoomState();
  s.applySnapshot(racing(10), 6_000);
  assert.deepEqual(s.player('a').cell, [0, 0]);
  s.applyEnvelope(env(11, 'moved', { id: 'a', cell: [0, 1], facing: 'right', trail_len: 2, moves: 1, distance: 3 }), 7_000);
  assert.equal(s.applyEnvelope(env(12, 'joined', { id: 'a', name: 'A', colour: '#0072B2', role: 'player' })), 'applied');
  assert.deepEqual(s.player('a').cell, [0, 1]);
  assert.deepEqual(s.player('a').trail, [[0, 0], [0, 1]]);
  assert.equal(s.player('a').moves, 1);
});

test('envelopes apply in order and bump the version', () => {
  const s = new RoomState();
  s.applySnapshot(lobby(3));
  assert.equal(s.applyEnvelope(env(4, 'joined', entry('c'))), 'applied');
  assert.equal(s.applyEnvelope(env(5, 'joined', { id: 's2', name: 'Watcher', role: 'spectator' })), 'applied');
  assert.equal(s.applyEnvelope(env(6, 'ready', { id: 'b', ready: true })), 'applied');
  assert.equal(s.applyEnvelope(env(7, 'settings', { preset: 'hard', hint_limit: 5 })), 'applied');
  assert.equal(s.applyEnvelope(env(8, 'presence', { id: 'c', connected: false })), 'applied');
  assert.equal(s.applyEnvelope(env(9, 'host', { id: 'b' })), 'applied');
  assert.equal(s.applyEnvelope(env(10, 'left', { id: 'a', role: 'player' })), 'applied');
  assert.equal(s.applyEnvelope(env(11, 'left', { id: 's2', role: 'spectator' })), 'applied');
  assert.equal(s.version, 11);
  assert.deepEqual(s.players.map((p) => p.id), ['b', 'c']);
  assert.equal(s.player('b').ready, true);
  assert.equal(s.player('b').host, true);
  assert.equal(s.host, 'b');
  assert.equal(s.player('c').connected, false);
  assert.equal(s.settings.preset, 'hard');
  assert.equal(s.spectators, 1);
});

test('stale envelopes are dropped', () => {
  const s = new RoomState();
  s.applySnapshot(lobby(5));
  assert.equal(s.applyEnvelope(env(5, 'ready', { id: 'b', ready: true })), 'stale');
  assert.equal(s.applyEnvelope(env(2, 'left', { id: 'a', role: 'player' })), 'stale');
  assert.equal(s.player('b').ready, false);
  assert.equal(s.players.length, 2);
  assert.equal(s.version, 5);
  assert.equal(s.applyEnvelope(env(6, 'ready', { id: 'b', ready: true })), 'applied');
  assert.equal(s.applyEnvelope(env(6, 'ready', { id: 'b', ready: false })), 'stale');
  assert.equal(s.player('b').ready, true);
});

test('a gap asks for a resync; the snapshot then replays what came after it', () => {
  const s = new RoomState();
  s.applySnapshot(lobby(3));
  assert.equal(s.applyEnvelope(env(5, 'ready', { id: 'a', ready: true })), 'resync-needed');
  assert.equal(s.awaitingResync, true);
  assert.equal(s.player('a').ready, false, 'nothing applied across a gap');
  assert.equal(s.applyEnvelope(env(6, 'ready', { id: 'b', ready: true })), 'buffered');
  // The server's snapshot is at version 5 (it already holds event 5).
  const snap = lobby(5);
  snap.players[0].ready = true;
  assert.equal(s.applySnapshot(snap), 'ok');
  assert.equal(s.awaitingResync, false);
  assert.equal(s.version, 6, 'event 6 replayed, event 5 dropped as stale');
  assert.equal(s.player('b').ready, true);
});

test('a snapshot that is still behind the buffered events asks again', () => {
  const s = new RoomState();
  s.applySnapshot(lobby(3));
  assert.equal(s.applyEnvelope(env(9, 'ready', { id: 'a', ready: true })), 'resync-needed');
  assert.equal(s.applySnapshot(lobby(6)), 'resync-needed');
  assert.equal(s.awaitingResync, true);
  assert.equal(s.applySnapshot(lobby(8)), 'ok');
  assert.equal(s.version, 9);
  assert.equal(s.player('a').ready, true);
});

test('events that arrive before the first snapshot wait for it', () => {
  const s = new RoomState();
  assert.equal(s.applyEnvelope(env(4, 'joined', entry('c'))), 'buffered');
  assert.equal(s.applyEnvelope(env(3, 'joined', entry('x'))), 'buffered');
  assert.equal(s.applySnapshot(lobby(3)), 'ok');
  assert.equal(s.version, 4);
  assert.deepEqual(s.players.map((p) => p.id), ['a', 'b', 'c']);
});

test('the moved trail rule: keep trail_len - 1 cells, then add the cell', () => {
  const t = [[0, 0], [0, 1], [1, 1]];
  assert.deepEqual(movedTrail(t, 4, [1, 0]), [[0, 0], [0, 1], [1, 1], [1, 0]]); // forward
  assert.deepEqual(movedTrail(t, 2, [0, 1]), [[0, 0], [0, 1]]); // pop: back onto the cell before
  assert.deepEqual(movedTrail([...t, [1, 0]], 1, [0, 0]), [[0, 0]]); // cut: an older trail cell
  assert.deepEqual(t, [[0, 0], [0, 1], [1, 1]], 'input untouched');
});

test('moved events move players, pop and cut their trails', () => {
  const s = new RoomState();
  s.applySnapshot(racing(10), 6_000);
  const moved = (v, id, cell, facing, trail_len, moves, distance) =>
    s.applyEnvelope(env(v, 'moved', { id, cell: cell, facing, trail_len, moves, distance }), 7_000);
  assert.equal(moved(11, 'b', [0, 1], 'right', 2, 1, 3), 'applied');
  moved(12, 'b', [1, 1], 'down', 3, 2, 2);
  moved(13, 'b', [1, 0], 'left', 4, 3, 3);
  assert.deepEqual(s.player('b').trail, [[0, 0], [0, 1], [1, 1], [1, 0]]);
  moved(14, 'b', [1, 1], 'right', 3, 4, 2); // pop
  assert.deepEqual(s.player('b').trail, [[0, 0], [0, 1], [1, 1]]);
  moved(15, 'b', [1, 0], 'left', 4, 5, 3);
  moved(16, 'b', [2, 0], 'down', 5, 6, 2);
  moved(17, 'b', [2, 1], 'right', 6, 7, 1);
  moved(18, 'b', [1, 1], 'up', 3, 8, 2); // cut back to an older trail cell
  const b = s.player('b');
  assert.deepEqual(b.trail, [[0, 0], [0, 1], [1, 1]]);
  assert.deepEqual(b.cell, [1, 1]);
  assert.equal(b.facing, 'up');
  assert.equal(b.moves, 8);
  assert.equal(b.distance, 2);
  assert.deepEqual(s.player('a').trail, [[0, 0]], 'others untouched');
  assert.equal(s.history.b.length, 9, 'the race chart records every move');
});

test('the local step rule matches: pop, cut, append', () => {
  const t = [[0, 0], [0, 1], [1, 1], [1, 0]];
  assert.deepEqual(steppedTrail(t, [1, 1]), [[0, 0], [0, 1], [1, 1]]);
  assert.deepEqual(steppedTrail(t, [0, 1]), [[0, 0], [0, 1]]);
  assert.deepEqual(steppedTrail(t, [2, 0]), [...t, [2, 0]]);
});

test('standings: finished by rank, racing by distance left, DNF last; progress clamped', () => {
  const s = new RoomState();
  const snap = racing(10, {
    shortest: 10,
    players: [
      entry('slow', { cell: [0, 0], distance: 8 }),
      entry('dnf', { dnf: true, distance: 2 }),
      entry('second', { finished: true, rank: 2, time: 9000 }),
      entry('fast', { cell: [1, 1], distance: 3 }),
      entry('first', { finished: true, rank: 1, time: 8000 }),
      entry('lost', { cell: [0, 0], distance: 14 }),
    ],
  });
  s.applySnapshot(snap);
  const table = s.standings();
  assert.deepEqual(table.map((x) => x.player.id), ['first', 'second', 'fast', 'slow', 'lost', 'dnf']);
  assert.deepEqual(table.map((x) => Math.round(x.progress * 100)), [100, 100, 70, 20, 0, 80]);
  // A move re-orders them.
  s.applyEnvelope(env(11, 'moved', { id: 'slow', cell: [0, 1], facing: 'right', trail_len: 2, moves: 1, distance: 1 }));
  assert.deepEqual(s.standings().map((x) => x.player.id).slice(2, 4), ['slow', 'fast']);
});

test('countdown, start, finish, race over and rematch', () => {
  const s = new RoomState();
  s.setYou({ id: 'a', role: 'player' });
  s.applySnapshot(lobby(3), 10_000);
  s.applyEnvelope(env(4, 'countdown', { start_at: 13_500, now: 10_500, seconds: 3 }), 10_000);
  assert.equal(s.phase, 'countdown');
  assert.equal(s.countdownLeft(10_000), 3000, 'server clock offset applied');
  const players = racing().players;
  s.applyEnvelope(env(5, 'started', { maze: openMaze(), started_at: 13_500, shortest: 4, players }), 13_000);
  assert.equal(s.phase, 'racing');
  assert.equal(s.maze.rows, 3);
  assert.equal(s.elapsed(14_000), 1000);
  assert.equal(s.canMove(), true);
  // path [[0, 0], [0, 1], [0, 2]] packed: flat indices 0, 1, 2 as little-endian uint16, base64
  const path = Buffer.from([0, 0, 1, 0, 2, 0]).toString('base64');
  s.applyEnvelope(env(6, 'hinted', { id: 'a', method: 'bfs', found: true, from: [0, 0], next: [0, 1], path, explored: 3, back_to: null, back_path: null, hints: 1, penalty: 5000 }), 14_000);
  assert.equal(s.player('a').hints, 1);
  assert.equal(s.hints.a.method, 'bfs');
  assert.deepEqual(s.hints.a.path, [[0, 0], [0, 1], [0, 2]]);
  s.applyEnvelope(env(7, 'finished', { id: 'a', rank: 1, time: 20_000, penalty: 5000, moves: 4, hints: 1 }));
  assert.equal(s.player('a').finished, true);
  assert.equal(s.canMove(), false, 'a finished player watches');
  const results = [{ id: 'a', name: 'Pa', rank: 1, time: 20_000, penalty: 5000, total: 25_000, dnf: false }, { id: 'b', name: 'Pb', rank: 2, dnf: true, distance: 4 }];
  s.applyEnvelope(env(8, 'race_over', { results, shortest: 4, time_up: true }));
  assert.equal(s.phase, 'finished');
  assert.equal(s.player('b').dnf, true);
  assert.equal(s.results.length, 2);
  assert.equal(s.timeUp, true, 'the time limit ended it');
  s.applyEnvelope(env(9, 'lobby', { settings: { preset: 'medium' }, players: lobby().players }));
  assert.equal(s.phase, 'lobby');
  assert.equal(s.maze, null);
  assert.equal(s.results, null);
  assert.equal(s.timeUp, false);
  assert.equal(s.settings.preset, 'medium');
  assert.equal(s.player('a').finished, false);
});

test('unknown event types still count as versions', () => {
  const s = new RoomState();
  s.applySnapshot(lobby(3));
  assert.equal(s.applyEnvelope(env(4, 'something_new', {})), 'applied');
  assert.equal(s.applyEnvelope(env(5, 'ready', { id: 'a', ready: true })), 'applied');
  assert.equal(s.player('a').ready, true);
  assert.equal(s.applyEnvelope({ v: 'x', t: 'ready', d: {} }), 'stale', 'malformed envelopes are ignored');
});

test('a resync with the same maze keeps the decoded maze', () => {
  const s = new RoomState();
  s.applySnapshot(racing(10));
  const maze = s.maze;
  s.applySnapshot(racing(12));
  assert.equal(s.maze, maze);
  s.applyEnvelope(env(13, 'lobby', { settings: {}, players: [] }));
  assert.equal(s.maze, null);
});

test('a hint is drawn from its packed cells; a rival racer\'s hint has none to draw', () => {
  const maze = { rows: 3, cols: 3, size: 9 };
  const backPath = Buffer.from([4, 0, 3, 0]).toString('base64');
  const stuck = hintCells({ id: 'a', found: false, path: null, back_to: [1, 0], back_path: backPath }, maze);
  assert.deepEqual(stuck.back_path, [[1, 1], [1, 0]]);
  assert.equal(stuck.path, null);
  const rival = hintCells({ id: 'b', method: 'dfs', found: true, explored: 7, hints: 1, penalty: 5000 }, maze);
  assert.equal(rival.path, null);
  assert.equal(rival.back_path, null);
  assert.equal(hintCells({ id: 'c', path: 'AAAFAONX' }, maze).path, null, 'cells outside the maze are dropped');
  assert.equal(hintCells({ id: 'c', path: 'AAAB' }, null).path, null, 'no maze yet: nothing to draw');
});
