// The client's fog of war against what the server sends (tests/js/fixtures/fog.json, written by
// tests/browser/fog_cases.py from the server's own fog code and checked against it by the browser tests):
// the fog maze and its seen bitset, each move's revealed cells merged, sight, a spectator's copy of a
// racer's seen cells, and the picture the renderer lays over the maze.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { RacerEyes, decodeFogMaze, decodeSeen, encodeSeen, lookFrom, revealCells, sight } from '../../web/js/model/fog.js';
import { FOG, FogLens, REMEMBERED, UNKNOWN, VISIBLE, fogPixels, unitState } from '../../web/js/render/fog-layer.js';
import { decodeMaze, encodeMaze } from '../../web/js/model/maze.js';
import { RoomState } from '../../web/js/model/state.js';

const cases = JSON.parse(readFileSync(new URL('./fixtures/fog.json', import.meta.url), 'utf8'));
const flatSorted = (flags) => [...flags.keys()].filter((i) => flags[i]);

for (const [name, c] of Object.entries(cases)) {
  test(`${name}: the start maze and every ack merged give the server's fog maze at the end`, () => {
    const maze = decodeFogMaze(c.start);
    assert.ok(maze.seen, 'a fog maze has its seen cells');
    assert.equal(maze.revision, 0);
    let revealed = 0;
    for (const step of c.walk) revealed += revealCells(maze, step.seen);
    const end = decodeFogMaze(c.end);
    assert.deepEqual([...maze.seen], [...end.seen]);
    for (const kind of ['east', 'south', 'southeast', 'southwest']) assert.deepEqual([...maze[kind]], [...end[kind]], kind);
    assert.equal(revealed, maze.reveals.length);
    assert.equal(revealed, c.walk.reduce((n, step) => n + step.seen.length, 0), 'each cell is revealed once');
    assert.equal(maze.revision, c.walk.filter((step) => step.seen.length).length, 'a revision a revealing move');
    const { seen, ...wire } = c.end;
    assert.deepEqual(encodeMaze(maze), { ...wire }, 'the merged passages are the wire bits');
    assert.equal(encodeSeen(maze.seen), seen);
  });

  test(`${name}: sight along the known passages is the server's, at every step`, () => {
    const maze = decodeFogMaze(c.start);
    const full = decodeMaze(c.full);
    for (const step of c.walk) {
      revealCells(maze, step.seen);
      assert.deepEqual([...sight(maze, step.cell, c.vision)].sort((a, b) => a - b), step.sight, `fog maze at ${step.cell}`);
      assert.deepEqual([...sight(full, step.cell, c.vision)].sort((a, b) => a - b), step.sight, `whole maze at ${step.cell}`);
    }
  });

  test(`${name}: a spectator grows a racer's seen cells from the moves as the server does`, () => {
    const full = decodeFogMaze(c.full);
    assert.equal(full.seen, null, 'the whole maze has no seen set');
    const eyes = new RacerEyes();
    eyes.load([{ id: 'a', seen: c.start.seen }, { id: 'b' }, { id: 'c', seen: 'not base64!' }], full);
    assert.deepEqual(eyes.ids(), ['a'], 'only good bitsets give eyes');
    for (const step of c.walk) eyes.moved('a', step.cell, full, c.vision);
    assert.equal(encodeSeen(eyes.get('a').seen), c.end_seen);
    assert.ok(eyes.get('a').revision > 0);
    eyes.moved('nobody', c.walk[0].cell, full, c.vision); // no such racer: nothing happens
  });

  test(`${name}: the fog picture: unseen cells dark, in sight clear, remembered dimmed`, () => {
    const maze = decodeFogMaze(c.end);
    const last = c.walk[c.walk.length - 1];
    const visible = new Uint8Array(maze.size);
    for (const i of last.sight) visible[i] = 1;
    const { width, height, data } = fogPixels(maze, maze.seen, visible);
    assert.equal(width, 2 * maze.cols + 1);
    assert.equal(height, 2 * maze.rows + 1);
    const pixel = (x, y) => [...data.slice(4 * (y * width + x), 4 * (y * width + x) + 4)];
    let counts = [0, 0, 0];
    for (let i = 0; i < maze.size; i++) {
      const [x, y] = [2 * (i % maze.cols) + 1, 2 * Math.floor(i / maze.cols) + 1];
      if (!maze.seen[i]) {
        assert.deepEqual(pixel(x, y), [...FOG, 255], `unseen cell ${i}`);
        counts[0]++;
      } else if (visible[i]) {
        assert.equal(pixel(x, y)[3], 0, `cell ${i} in sight`);
        counts[2]++;
      } else {
        assert.deepEqual(pixel(x, y), [0, 0, 0, 128], `remembered cell ${i}`);
        counts[1]++;
      }
    }
    assert.ok(counts.every((n) => n > 0), `the case has all three kinds of cell: ${counts}`);
    // every unit, walls, corners and the outer wall too, as the rules one unit at a time say
    const state = unitState(maze, maze.seen, visible);
    const expected = { [UNKNOWN]: [...FOG, 255], [REMEMBERED]: [0, 0, 0, 128], [VISIBLE]: [0, 0, 0, 0] };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) assert.deepEqual(pixel(x, y), expected[state(x, y)], `unit (${x}, ${y})`);
    }
  });
}

test('a seen side towards an unseen cell is unknown, not a wall; its own sides are known', () => {
  // 2 x 2, all open; only (0, 1) seen: its west side belongs to (0, 0), its south side to itself
  const open = Uint8Array.of(1, 0, 1, 0);
  const wire = encodeMaze({ rows: 2, cols: 2, entrance: [0, 0], exit: [1, 1], east: open, south: Uint8Array.of(1, 1, 0, 0) });
  const maze = decodeFogMaze({ ...wire, seen: encodeSeen(Uint8Array.of(0, 1, 0, 0)) });
  const seen = maze.seen;
  const state = unitState(maze, seen, Uint8Array.of(0, 1, 0, 0));
  assert.equal(state(3, 1), VISIBLE, 'the seen cell');
  assert.equal(state(2, 1), UNKNOWN, 'its west side, owned by the unseen (0, 0)');
  assert.equal(state(3, 2), VISIBLE, 'its south side, its own bit');
  assert.equal(state(4, 1), VISIBLE, 'the outer wall beside it');
  assert.equal(state(4, 0), VISIBLE, 'the outer corner beside it');
  assert.equal(state(2, 2), VISIBLE, 'the pillar beside it');
  assert.equal(state(1, 1), UNKNOWN, 'the unseen cell');
  assert.equal(state(0, 4), UNKNOWN, 'the outer corner far from it');
  const dim = unitState(maze, seen, new Uint8Array(4));
  assert.equal(dim(3, 1), REMEMBERED, 'seen, not in sight');
});

test('8 directions: a corner is known once a seen owner opens a diagonal through it', () => {
  const zero = () => new Uint8Array(4);
  const southeast = Uint8Array.of(1, 0, 0, 0); // (0, 0) to (1, 1)
  const wire = encodeMaze({ rows: 2, cols: 2, directions: 8, entrance: [0, 0], exit: [1, 1], east: zero(), south: zero(), southeast, southwest: zero() });
  const only = (i) => Uint8Array.from([0, 1, 2, 3], (k) => (k === i ? 1 : 0));
  const corner = (seen) => unitState(decodeFogMaze({ ...wire, seen: encodeSeen(seen) }), seen, seen)(2, 2);
  assert.equal(corner(only(0)), VISIBLE, 'the diagonal of the seen (0, 0) runs through it');
  assert.equal(corner(only(1)), UNKNOWN, '(0, 1) has no diagonal there, and (0, 0) may have');
  assert.equal(corner(Uint8Array.of(1, 1, 0, 0)), VISIBLE, 'both owners seen');
});

test('bad revealed entries are skipped; a whole maze takes none; the outer wall stays closed', () => {
  const c = cases.four;
  const maze = decodeFogMaze(c.start);
  const before = maze.revision;
  assert.equal(revealCells(maze, [[99, 0, 1], [0, 0], 'x', [0, 1, 77], [-1, 2, 1], null]), 0);
  assert.equal(revealCells(maze, 'nope'), 0);
  assert.equal(maze.revision, before);
  const corner = [maze.rows - 1, maze.cols - 1];
  if (!maze.seen[corner[0] * maze.cols + corner[1]]) {
    assert.equal(revealCells(maze, [[...corner, 15]]), 1);
    const i = corner[0] * maze.cols + corner[1];
    assert.deepEqual([maze.east[i], maze.south[i]], [0, 0], 'the outer wall is closed whatever the bits say');
  }
  assert.equal(revealCells(decodeFogMaze(c.full), c.walk[0].seen), 0, 'no fog, nothing to merge');
  assert.throws(() => decodeSeen('AAAA', 42), /size/);
  assert.throws(() => decodeSeen(7, 42), /text/);
});

test('sight without a vision is the cell itself; lookFrom counts the new cells', () => {
  const full = decodeMaze(cases.four.full);
  assert.deepEqual(sight(full, [0, 0], undefined), [0]);
  assert.deepEqual(sight(full, [99, 0], 2), []);
  const seen = new Uint8Array(full.size);
  const n = lookFrom(seen, full, [0, 0], 2);
  assert.equal(n, flatSorted(seen).length);
  assert.equal(lookFrom(seen, full, [0, 0], 2), 0);
});

test('the fog lens keeps its answer while nothing changed', () => {
  const maze = decodeFogMaze(cases.four.start);
  const lens = new FogLens();
  const a = lens.look(maze, maze.seen, maze.revision, [0, 0], 2, 'me');
  assert.equal(lens.look(maze, maze.seen, maze.revision, [0, 0], 2, 'me'), a);
  assert.notEqual(lens.look(maze, maze.seen, maze.revision + 1, [0, 0], 2, 'me'), a);
  const nowhere = lens.look(maze, maze.seen, maze.revision, null, 2, 'me');
  assert.equal(flatSorted(nowhere.visible).length, 0, 'no standpoint, nothing in sight');
});

// ---- the room state in a fog race ----

const entry = (id, extra = {}) => ({ id, name: `P${id}`, colour: '#e6194b', ready: true, connected: true, moves: 0, hints: 0, penalty: 0, finished: false, dnf: false, ...extra });

function fogRace(c) {
  const state = new RoomState();
  state.setYou({ id: 'a', role: 'player' });
  const start = c.full.entrance;
  state.applySnapshot({
    code: 'ROOM',
    version: 5,
    phase: 'racing',
    settings: { fog: true, vision: c.vision, hint_limit: 3 },
    host: 'a',
    players: [entry('a', { cell: start, facing: 'right', trail: [start] }), entry('b', { cell: start, facing: 'right' })],
    spectators: 0,
    now: 1000,
    started_at: 500,
    maze: c.start,
  });
  return state;
}

test('a fog racer: acks grow the maze, rivals out of sight are hidden with their count kept, no distances', () => {
  const c = cases.four;
  const state = fogRace(c);
  assert.ok(state.inFog());
  assert.equal(state.shortest, null);
  const maze = state.maze;
  const [first] = c.walk;
  assert.equal(state.predictMove(1, first.cell), true, 'a known passage is predicted');
  state.confirmMove(1, { cell: first.cell, facing: 'right', trail_len: 2, moves: 1, seen: first.seen });
  assert.equal(state.maze, maze, 'the same maze object grows');
  assert.equal(maze.reveals.length, first.seen.length);
  // the moved event after the ack changes nothing more
  state.applyEnvelope({ v: 6, t: 'moved', d: { id: 'a', cell: first.cell, facing: 'right', trail_len: 2, moves: 1 } });
  assert.deepEqual(state.me().cell, first.cell);
  assert.equal(state.me().distance, undefined);
  // the rival moves in sight, then out of it
  state.applyEnvelope({ v: 7, t: 'moved', d: { id: 'b', cell: first.cell, facing: 'down', trail_len: 2, moves: 1 } });
  assert.deepEqual(state.player('b').cell, first.cell);
  assert.deepEqual(state.player('b').trail, [first.cell], 'a rival has no trail in fog, only where they stand');
  state.applyEnvelope({ v: 8, t: 'moved', d: { id: 'b', moves: 2 } });
  const b = state.player('b');
  assert.equal(b.cell, null);
  assert.deepEqual(b.trail, []);
  assert.equal(b.moves, 2);
  assert.equal(state.progressKnown(b), false);
  assert.deepEqual(state.history, { a: [], b: [] }, 'no distances to chart');
  assert.deepEqual(state.standings().map((s) => s.player.id), ['a', 'b']);
});

test("walking into sight of a rival who stands still shows them: the move's ack names the rivals in sight", () => {
  const c = cases.four;
  const state = fogRace(c);
  const [first, second] = c.walk;
  state.applyEnvelope({ v: 6, t: 'moved', d: { id: 'b', moves: 1 } }); // the rival went out of sight
  assert.equal(state.player('b').cell, null);
  state.predictMove(1, first.cell);
  state.confirmMove(1, { cell: first.cell, facing: 'right', trail_len: 2, moves: 1, seen: first.seen, rivals: [{ id: 'b', cell: second.cell, facing: 'down' }] });
  const b = state.player('b');
  assert.deepEqual(b.cell, second.cell, 'the rival stands where the ack says, with no moved of theirs');
  assert.equal(b.facing, 'down');
  assert.deepEqual(b.trail, [second.cell], 'and still no trail');
  assert.equal(b.moves, 1, 'their count is the events\' to keep');
  // rubbish in the list is skipped; the own entry and unknown ids are never moved by it
  state.predictMove(2, second.cell);
  const rivals = [null, { id: 'zz', cell: [0, 0] }, { id: 'a', cell: [0, 0] }, { id: 'b', cell: 'x' }, { id: 'b', cell: [1] }];
  state.confirmMove(2, { cell: second.cell, facing: 'down', trail_len: 3, moves: 2, seen: second.seen, rivals });
  assert.deepEqual(state.me().cell, second.cell);
  assert.equal(state.player('b').cell, null, 'an entry with no readable cell is no sighting');
  assert.equal(state.player('zz'), null);
});

test("walking away from a rival who stands still hides them: the ack's list leaves them out", () => {
  const c = cases.four;
  const state = fogRace(c);
  const [first, second] = c.walk;
  state.predictMove(1, first.cell);
  state.confirmMove(1, { cell: first.cell, facing: 'right', trail_len: 2, moves: 1, seen: first.seen, rivals: [{ id: 'b', cell: [0, 0], facing: 'down' }] });
  assert.deepEqual(state.player('b').cell, [0, 0]);
  state.predictMove(2, second.cell);
  state.confirmMove(2, { cell: second.cell, facing: 'down', trail_len: 3, moves: 2, seen: second.seen, rivals: [] });
  const b = state.player('b');
  assert.equal(b.cell, null, 'out of sight now, so the page no longer knows where they stand');
  assert.deepEqual(b.trail, []);
  assert.deepEqual(state.me().cell, second.cell, 'the own arrow is never hidden by the list');
  // an ack without a list (not a fog race) hides nobody
  state.applyEnvelope({ v: 6, t: 'moved', d: { id: 'b', cell: second.cell, facing: 'down', trail_len: 2, moves: 1 } });
  state.showRivals(undefined);
  assert.deepEqual(state.player('b').cell, second.cell);
});

test('a hint that moved a fog racer brings the cells it revealed; explore_path is read as cells', () => {
  const c = cases.four;
  const state = fogRace(c);
  const step = c.walk[0];
  const packed = btoa(String.fromCharCode(0, 0, step.cell[0] * 7 + step.cell[1], 0)); // [0, 0] then the cell
  state.noteHint('a', { id: 'a', method: 'bfs', found: false, explore: step.cell, explore_path: packed, seen: step.seen }, 0);
  assert.equal(state.maze.reveals.length, step.seen.length);
  assert.deepEqual(state.hints.a.explore_path, [[0, 0], step.cell]);
});

test('at the exit a fog racer waits for a snapshot: events are buffered until it comes', () => {
  const state = fogRace(cases.four);
  state.wantSnapshot();
  assert.equal(state.applyEnvelope({ v: 6, t: 'moved', d: { id: 'b', moves: 1 } }), 'buffered');
  const full = { ...cases.four.full };
  const seen = encodeSeen(new Uint8Array(42).fill(1));
  state.applySnapshot({ code: 'ROOM', version: 5, phase: 'racing', settings: { fog: true, vision: 2 }, players: [entry('a', { cell: [0, 0], seen }), entry('b', { cell: [0, 0], seen })], now: 0, started_at: 500, maze: full });
  assert.equal(state.inFog(), false, 'the whole maze now');
  assert.equal(state.player('b').moves, 1, 'the buffered event was applied');
  assert.deepEqual(state.eyes.ids(), ['a', 'b'], 'and everyone\'s seen cells, to look through their eyes');
  assert.equal(state.player('a').seen, undefined, 'the bitset is not kept on the player');
});
