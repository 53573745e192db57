import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomState } from '../../web/js/model/state.js';
import { encodeMaze } from '../../web/js/model/maze.js';
import { encodeSeen } from '../../web/js/model/fog.js';
import { FogLens } from '../../web/js/render/fog-layer.js';
import { roomScene } from '../../web/js/render/room-scene.js';

// A 3 x 3 maze with every inner wall open except (0,0)|(1,0).
function openMaze() {
  const east = new Uint8Array(9);
  const south = new Uint8Array(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      east[r * 3 + c] = c < 2 ? 1 : 0;
      south[r * 3 + c] = r < 2 ? 1 : 0;
    }
  }
  south[0] = 0;
  return encodeMaze({ rows: 3, cols: 3, entrance: [0, 0], exit: [2, 2], east, south });
}

const racer = (id, cell, extra = {}) => ({
  id,
  name: `P${id}`,
  colour: '#e6194b',
  ready: true,
  connected: true,
  host: id === 'a',
  moves: 0,
  hints: 0,
  penalty: 0,
  finished: false,
  dnf: false,
  cell,
  facing: 'right',
  trail: [cell],
  distance: 4,
  ...extra,
});

/** A room racing: a at the entrance, b at the exit's corner; `you` joins as `role`. */
function racingRoom(you, { vision, seen } = {}) {
  const s = new RoomState();
  s.setYou(you);
  s.applySnapshot(
    {
      code: 'ABCD',
      version: 10,
      phase: 'racing',
      settings: { preset: 'easy', hint_limit: 3, ...(vision ? { vision } : {}) },
      host: 'a',
      players: [racer('a', [0, 0], seen ? { seen: seen.a } : {}), racer('b', [2, 1], seen ? { seen: seen.b } : {})],
      spectators: 1,
      now: 10_000,
      maze: openMaze(),
      started_at: 5_000,
      shortest: 4,
    },
    10_000,
  );
  const hint = (id) => ({ id, method: 'bfs', found: true, from: [0, 0], next: [0, 1], explored: 3, hints: 1, penalty: 0 });
  s.noteHint('a', hint('a'), 10_000);
  s.noteHint('b', hint('b'), 10_000);
  return s;
}

test('a racer follows their own arrow, sees their own trail and their own hint only', () => {
  const state = racingRoom({ id: 'a', role: 'player' });
  const scene = roomScene(state, new FogLens(), { youId: 'a', followId: 'b', eyesId: '' });
  assert.equal(scene.follow, 'a', 'racing, the camera is on you whatever the follow pick says');
  assert.equal(scene.trails, 'own');
  assert.equal(scene.youId, 'a');
  assert.equal(scene.fog, null);
  assert.deepEqual(scene.hints.map((h) => h.id), ['a']);
  assert.deepEqual(scene.players.map((p) => [p.id, p.label, p.cell]), [['a', '1', [0, 0]], ['b', '2', [2, 1]]]);
});

test('a watcher follows whom they picked (or nobody), sees every trail and every hint', () => {
  const state = racingRoom({ id: 's1', role: 'spectator' });
  const lens = new FogLens();
  assert.equal(roomScene(state, lens, { youId: 's1', followId: 'b', eyesId: '' }).follow, 'b');
  const scene = roomScene(state, lens, { youId: 's1', followId: '', eyesId: '' });
  assert.equal(scene.follow, null);
  assert.equal(scene.trails, 'all');
  assert.equal(scene.seer, null);
  assert.deepEqual(scene.hints.map((h) => h.id).sort(), ['a', 'b']);
  assert.equal(scene.hints[0].colour, '#e6194b');
});

test('before joining nobody is "you": no racer, every hint shown', () => {
  const state = racingRoom(null);
  const scene = roomScene(state, new FogLens(), { youId: undefined, followId: '', eyesId: '' });
  assert.equal(scene.youId, undefined);
  assert.equal(scene.follow, null);
  assert.equal(scene.hints.length, 2);
});

test("watching a fog race through a racer's eyes shows only who is in their sight, and their hint", () => {
  const onlyStart = encodeSeen(Uint8Array.from([1, 1, 0, 0, 0, 0, 0, 0, 0]));
  const state = racingRoom({ id: 's1', role: 'spectator' }, { vision: 1, seen: { a: onlyStart, b: onlyStart } });
  assert.deepEqual(state.eyes.ids(), ['a', 'b']);
  const lens = new FogLens();
  const scene = roomScene(state, lens, { youId: 's1', followId: 'a', eyesId: 'a' });
  assert.equal(scene.seer, 'a');
  assert.equal(scene.trails, 'seer');
  assert.equal(scene.fog.who, 'a');
  assert.deepEqual(scene.players.map((p) => [p.id, p.cell]), [['a', [0, 0]], ['b', null]], 'b at (2, 1) is out of sight of a at (0, 0)');
  assert.deepEqual(scene.hints.map((h) => h.id), ['a']);
  const seenByB = roomScene(state, lens, { youId: 's1', followId: 'b', eyesId: 'b' });
  assert.deepEqual(seenByB.players.map((p) => [p.id, p.cell]), [['a', null], ['b', [2, 1]]], 'the seer always shows');
  const everyone = roomScene(state, lens, { youId: 's1', followId: '', eyesId: '' });
  assert.equal(everyone.fog, null);
  assert.equal(everyone.players.every((p) => p.cell), true);
});
