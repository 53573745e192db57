// The shared rule cases (tests/cases/*.json), run here against the client and by
// tests/unit/room/test_shared_cases.py against the server: one table, both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { RoomState, steppedTrail } from '../../web/js/model/state.js';

const cases = (name) => JSON.parse(readFileSync(new URL(`../cases/${name}.json`, import.meta.url), 'utf8')).cases;

for (const c of cases('trail')) {
  test(`trail: ${c.name}`, () => {
    const trail = c.steps.reduce((t, cell) => steppedTrail(t, cell), c.start);
    assert.deepEqual(trail, c.trail);
  });
}

/** A case's player as the client knows it: finishers carry the server's rank, which for equal totals
 * is the finishing order (the smaller time). */
function clientPlayers(players) {
  const finishers = players.filter((p) => p.time != null).sort((a, b) => a.time - b.time);
  return players.map((p) => ({
    id: p.id,
    finished: p.time != null,
    time: p.time ?? null,
    penalty: p.penalty ?? 0,
    rank: p.time != null ? finishers.indexOf(p) + 1 : null,
    distance: p.distance ?? null,
    dnf: !!p.dnf,
  }));
}

for (const c of cases('standings')) {
  test(`standings: ${c.name}`, () => {
    const state = new RoomState();
    state.players = clientPlayers(c.players);
    assert.deepEqual(state.standings().map((row) => row.player.id), c.order);
  });
}
