import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { applyGhost, ghostFrom, ghostsFrom, resetGhosts, splitMs, splitText } from '../../web/js/model/ghosts.js';
import { RoomState } from '../../web/js/model/state.js';

const wire = (extra = {}) => ({ id: 'g1', name: 'Ann', colour: '#0072B2', race: 'r'.repeat(16), time: 12300, penalty: 5000, ...extra });

test('a ghost entry becomes a ghost: its cell is unknown until the race', () => {
  assert.deepEqual(ghostFrom(wire()), {
    id: 'g1', name: 'Ann', colour: '#0072B2', race: 'r'.repeat(16), time: 12300, penalty: 5000, cell: null, moves: 0, finished: false,
  });
  const racing = ghostFrom(wire({ cell: [2, 3], moves: 4 }));
  assert.deepEqual([racing.cell, racing.moves], [[2, 3], 4]);
  assert.deepEqual(ghostsFrom(undefined), []);
  assert.deepEqual(ghostsFrom([null, 7, wire()]).map((g) => g.id), ['g1']);
});

test("a bot's ghost is named in the page's words from its kind, keeping the server's number", () => {
  const english = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'));
  assert.equal(ghostFrom(wire({ name: 'Served name 2', bot: 'wall' })).name, `${english['bot.wall.name']} 2`);
  assert.equal(ghostFrom(wire({ name: 'Served name', bot: 7 })).name, 'Served name', 'a kind that is not text');
});

test('a ghost event moves its ghost; out of sight it is not drawn; others are untouched', () => {
  const ghosts = ghostsFrom([wire(), wire({ id: 'g2', name: 'Bob' })]);
  let next = applyGhost(ghosts, { id: 'g1', cell: [0, 1], moves: 1 });
  assert.deepEqual(next[0].cell, [0, 1]);
  assert.equal(next[1], ghosts[1]);
  next = applyGhost(next, { id: 'g1', moves: 3 }); // a fog racer's form: no cell
  assert.equal(next[0].cell, null);
  assert.equal(next[0].moves, 3);
  next = applyGhost(next, { id: 'g1', cell: [4, 4], moves: 9, finished: true, time: 12300 });
  assert.equal(next[0].finished, true);
  assert.deepEqual(applyGhost(next, { id: 'nobody', cell: [0, 0], moves: 1 }), next);
  const home = resetGhosts(next)[0];
  assert.deepEqual([home.cell, home.moves, home.finished, home.name], [null, 0, false, 'Ann']);
});

test("a result's split against a ghost compares totals (time + penalty)", () => {
  const ghost = ghostFrom(wire()); // total 17.3 s
  assert.equal(splitMs({ total: 20500, time: 20500, penalty: 0 }, ghost), 3200);
  assert.equal(splitText({ total: 20500 }, ghost), "+3.2 s vs Ann's ghost");
  assert.equal(splitText({ total: 15800 }, ghost), "−1.5 s vs Ann's ghost");
  assert.equal(splitText({ total: 17300 }, ghost), "±0.0 s vs Ann's ghost");
  assert.equal(splitText({ time: 10000, penalty: 10000 }, ghost), "+2.7 s vs Ann's ghost");
  assert.equal(splitText({ dnf: true, total: null }, ghost), null);
  assert.equal(splitText({ total: 1000 }, ghostFrom(wire({ time: null }))), null);
});

test('the room state keeps ghosts apart from the players, from the snapshot through a rematch', () => {
  const state = new RoomState();
  state.applySnapshot({ code: 'c', version: 1, phase: 'lobby', players: [], ghosts: [wire()] });
  assert.deepEqual(state.ghosts.map((g) => g.name), ['Ann']);
  state.applyEnvelope({ v: 2, t: 'started', d: { maze: null, started_at: 1, players: [], ghosts: [wire({ cell: [0, 0], moves: 0 })] } });
  assert.deepEqual(state.ghosts[0].cell, [0, 0]);
  state.applyEnvelope({ v: 3, t: 'ghost', d: { id: 'g1', cell: [0, 1], moves: 1 } });
  assert.deepEqual(state.ghosts[0].cell, [0, 1]);
  assert.deepEqual(state.players, []);
  assert.deepEqual(state.standings(), []);
  state.applyEnvelope({ v: 4, t: 'lobby', d: { settings: {}, players: [] } });
  assert.equal(state.ghosts[0].cell, null);
});
