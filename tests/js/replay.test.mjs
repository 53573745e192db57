import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Replay, prepareRace, positionsAt, sealedUntil } from '../../web/js/model/replay-model.js';
import { encodeMaze } from '../../web/js/model/maze.js';
import { steppedTrail } from '../../web/js/model/state.js';

// A 3 x 3 maze with every inner wall open: loops, so trails get popped and cut.
function openMaze() {
  const east = new Uint8Array(9).map((_, i) => (i % 3 < 2 ? 1 : 0));
  const south = new Uint8Array(9).map((_, i) => (i < 6 ? 1 : 0));
  return encodeMaze({ rows: 3, cols: 3, entrance: [0, 0], exit: [2, 2], east, south });
}
const mv = (t, id, cell) => ({ t, type: 'move', id, cell: cell }); // the log's readable form
const METHODS = ['dfs', 'bfs', 'astar'];

// The server's packed log (RaceLog.to_wire): base64 little-endian columns t (uint32), who (uint8), what (int32).
function pack(entries, cols) {
  const players = [];
  const t = Buffer.alloc(4 * entries.length);
  const who = Buffer.alloc(entries.length);
  const what = Buffer.alloc(4 * entries.length);
  entries.forEach((e, i) => {
    if (!players.includes(e.id)) players.push(e.id);
    t.writeUInt32LE(e.t, 4 * i);
    who[i] = e.who ?? players.indexOf(e.id);
    const code = e.type === 'move' ? e.cell[0] * cols + e.cell[1] : -1 - (2 * METHODS.indexOf(e.method) + (e.found ? 1 : 0));
    what.writeInt32LE(e.what ?? code, 4 * i);
  });
  const b64 = (buf) => buf.toString('base64');
  return { players, count: entries.length, t: b64(t), who: b64(who), what: b64(what) };
}
const result = (id, cell, extra = {}) => ({ id, name: `P${id}`, colour: '#123456', cell: cell, ...extra });

function smallRace() {
  return {
    started_at: 1000,
    ended_at: 11000,
    settings: { hint_penalty: 5 },
    maze: openMaze(),
    results: [result('a', [2, 2], { rank: 1, moves: 8 }), result('b', [1, 1], { rank: 2, dnf: true, moves: 3 })],
    log: pack(SMALL_LOG, 3),
  };
}

const SMALL_LOG = [
      mv(100, 'a', [0, 1]),
      mv(200, 'a', [0, 2]),
      mv(300, 'a', [0, 1]), // back onto the previous cell: pops (0, 2)
      mv(400, 'a', [1, 1]),
      mv(500, 'a', [1, 0]),
      mv(600, 'a', [0, 0]), // onto an older trail cell: cuts back to the entrance
      { t: 650, type: 'hint', id: 'b', method: 'bfs', found: true },
      mv(700, 'b', [1, 0]),
      mv(700, 'b', [1, 1]), // same time: log order counts
      mv(800, 'a', [1, 0]),
      mv(900, 'a', [2, 0]),
      mv(950, 'b', [0, 1]),
      mv(1000, 'a', [2, 1]),
      mv(1100, 'a', [2, 2]),
      { t: 1200, type: 'hint', id: 'b', method: 'dfs', found: false },
      mv(1300, 'b', [1, 1]),
];

test('trails pop, cut back and follow the log in order', () => {
  const r = new Replay(smallRace());
  const at = (t) => Object.fromEntries(r.seek(t).players().map((p) => [p.id, p]));
  assert.deepEqual(at(0).a.trail, [[0, 0]]);
  assert.equal(at(0).a.facing, 'right');
  assert.deepEqual(at(200).a.trail, [[0, 0], [0, 1], [0, 2]]);
  assert.deepEqual(at(300).a.trail, [[0, 0], [0, 1]]);
  assert.equal(at(300).a.facing, 'left');
  assert.deepEqual(at(500).a.trail, [[0, 0], [0, 1], [1, 1], [1, 0]]);
  assert.deepEqual(at(600).a.trail, [[0, 0]]);
  assert.equal(at(600).a.facing, 'up');
  assert.equal(at(600).a.moves, 6);
  assert.deepEqual(at(699).b.cell, [0, 0]);
  assert.deepEqual(at(700).b.cell, [1, 1]);
  assert.equal(at(700).b.facing, 'right');
  assert.equal(at(1099).a.finished, false);
  assert.equal(at(1100).a.finished, true);
});

test('hints appear at their time with who, method and outcome', () => {
  const r = new Replay(smallRace());
  assert.deepEqual(r.seek(649).hints, []);
  assert.deepEqual(r.seek(650).hints.map((h) => [h.t, h.name, h.method, h.found]), [[650, 'Pb', 'bfs', true]]);
  assert.equal(r.seek(5000).hints.length, 2);
  const b = r.players().find((p) => p.id === 'b');
  assert.equal(b.hints, 2);
  assert.equal(b.penalty, 10000);
  assert.equal(r.seek(1000).hints.length, 1); // seeking back forgets later hints
});

test('the duration covers the race; seeks clamp to it', () => {
  const r = new Replay(smallRace());
  assert.equal(r.duration, 10000);
  assert.equal(r.seek(-5).t, 0);
  assert.equal(r.seek(1e9).t, 10000);
  assert.equal(new Replay({ ...smallRace(), ended_at: null }).duration, 1300);
});

test('seeking is deterministic: any path of seeks gives the fresh answer', () => {
  const race = prepareRace(smallRace());
  const r = new Replay(race);
  const times = [0, 1300, 250, 250, 600, 100, 1100, 700, 699, 10000, 0, 950];
  for (const t of times) {
    r.seek(t);
    const fresh = new Replay(race).seek(t);
    assert.deepEqual(r.positions(), fresh.positions(), `at ${t}`);
    assert.deepEqual(r.players(), fresh.players(), `at ${t}`);
    assert.deepEqual(r.hints, fresh.hints, `at ${t}`);
  }
});

test('trail arrays change identity only when the trail changes (the renderer caches by array)', () => {
  const r = new Replay(smallRace());
  const first = r.seek(100).players()[1].trail;
  assert.equal(r.seek(150).players()[1].trail, first); // b has not moved
  const a1 = r.players()[0].trail;
  assert.notEqual(r.seek(200).players()[0].trail, a1);
  assert.ok(Object.isFrozen(a1));
});

test('bad log entries are skipped, unknown players still shown', () => {
  const race = smallRace();
  race.log = pack(
    [
      mv(5, 'a', [0, 1]),
      { ...mv(6, 'a', [0, 0]), who: 7 }, // names no player
      { ...mv(7, 'a', [0, 0]), what: 9 }, // a cell outside the 3 x 3 maze
      { ...mv(8, 'a', [0, 0]), what: -7 }, // a hint by an unknown method
      mv(20, 'z', [1, 1]),
    ],
    3,
  );
  const r = new Replay(race).seek(100);
  assert.deepEqual(r.positions(), { a: [0, 1], b: [0, 0], z: [1, 1] });
  assert.equal(r.players().find((p) => p.id === 'z').name, 'z');
  assert.deepEqual(new Replay({}).seek(5).positions(), {});
  const truncated = { ...smallRace(), log: { ...smallRace().log, count: 99 } }; // columns do not match
  assert.equal(new Replay(truncated).race.log.length, 0);
});

test('steps agree with the room page trail rule (state.js steppedTrail)', () => {
  const race = smallRace();
  let trail = [[0, 0]];
  for (const e of SMALL_LOG) {
    if (e.type !== 'move' || e.id !== 'a') continue;
    trail = steppedTrail(trail, e.cell);
    assert.deepEqual(new Replay(race).seek(e.t).players()[0].trail, trail, `at ${e.t}`);
  }
});

// A race recorded by the real server (GET /api/races/{id}): three players on a braided 6 x 7 maze
// (loops: trails cut back), hints, and one player who left (DNF). The log is written as tuples here and
// packed as the server sends it.
const RECORDED = {"id":"xfzv2jfb3n-qbxNohaL","room_code":"xfzv2jfb3n","settings":{"preset":"custom","rows":6,"cols":7,"algorithm":"backtracker","braid":0.6,"openings":"corners","hint_methods":["dfs","bfs","astar","random"],"hint_limit":5,"hint_penalty":2,"hint_moves":false,"max_players":8,"public":true,"time_limit":600},"seed":8965980848376257536,"daily":null,"started_at":1796053850547,"ended_at":1796053859036,"shortest":17,"results":[{"id":"p2","name":"Theseus","colour":"#E69F00","rank":1,"time":2146,"penalty":2000,"total":4146,"moves":19,"hints":1,"route":17,"shortest":17,"efficiency":0.895,"distance":0,"progress":1.0,"cell":[5,6],"dnf":false},{"id":"p1","name":"Ariadne","colour":"#0072B2","rank":2,"time":2760,"penalty":2000,"total":4760,"moves":35,"hints":1,"route":21,"shortest":17,"efficiency":0.486,"distance":0,"progress":1.0,"cell":[5,6],"dnf":false},{"id":"p3","name":"Daedalus <b>&","colour":"#009E73","rank":3,"time":null,"penalty":2000,"total":null,"moves":40,"hints":1,"route":2,"shortest":17,"efficiency":null,"distance":15,"progress":0.118,"cell":[2,0],"dnf":true}],"maze":{"rows":6,"cols":7,"entrance":[0,0],"exit":[5,6],"walls":"H6deaHnWNMdmRQE="}};
const RECORDED_LOG = [[5,"hint","p1","bfs",true],[5,"move","p2",[1,0]],[5,"move","p3",[0,1]],[6,"move","p1",[1,0]],[79,"move","p1",[2,0]],[150,"move","p2",[2,0]],[151,"move","p1",[3,0]],[220,"move","p3",[1,1]],[222,"move","p1",[3,1]],[292,"move","p2",[3,0]],[293,"move","p1",[3,2]],[365,"move","p1",[3,3]],[433,"move","p3",[0,1]],[434,"move","p2",[2,0]],[436,"move","p1",[3,2]],[508,"move","p1",[3,3]],[576,"move","p2",[3,0]],[579,"move","p1",[2,3]],[645,"move","p3",[0,2]],[650,"move","p1",[3,3]],[719,"move","p2",[3,1]],[721,"move","p1",[3,2]],[793,"move","p1",[3,1]],[857,"move","p3",[0,1]],[861,"hint","p2","astar",true],[862,"move","p2",[3,2]],[865,"move","p1",[3,2]],[936,"move","p1",[3,3]],[969,"move","p2",[4,2]],[1007,"move","p1",[3,2]],[1070,"move","p3",[0,0]],[1075,"move","p2",[4,1]],[1079,"move","p1",[3,3]],[1151,"move","p1",[2,3]],[1182,"move","p2",[4,0]],[1223,"move","p1",[2,2]],[1282,"move","p3",[0,1]],[1289,"move","p2",[5,0]],[1294,"move","p1",[1,2]],[1366,"move","p1",[1,3]],[1396,"move","p2",[5,1]],[1438,"move","p1",[1,2]],[1494,"move","p3",[0,0]],[1503,"move","p2",[5,2]],[1510,"move","p1",[1,3]],[1581,"move","p1",[1,4]],[1610,"move","p2",[5,3]],[1654,"move","p1",[0,4]],[1706,"move","p3",[0,1]],[1717,"move","p2",[4,3]],[1725,"move","p1",[1,4]],[1796,"move","p1",[0,4]],[1825,"move","p2",[4,4]],[1904,"move","p1",[0,5]],[1919,"move","p3",[0,2]],[1931,"move","p2",[5,4]],[2011,"move","p1",[0,6]],[2039,"move","p2",[5,5]],[2118,"move","p1",[1,6]],[2131,"move","p3",[0,3]],[2146,"move","p2",[5,6]],[2225,"move","p1",[2,6]],[2332,"move","p1",[3,6]],[2343,"move","p3",[0,2]],[2439,"move","p1",[3,5]],[2546,"move","p1",[4,5]],[2554,"move","p3",[0,3]],[2653,"move","p1",[4,6]],[2760,"move","p1",[5,6]],[2766,"move","p3",[0,2]],[2978,"move","p3",[0,1]],[3190,"move","p3",[1,1]],[3402,"move","p3",[0,1]],[3614,"move","p3",[0,0]],[3826,"move","p3",[1,0]],[4037,"move","p3",[0,0]],[4249,"move","p3",[1,0]],[4461,"move","p3",[2,0]],[4673,"move","p3",[3,0]],[4885,"move","p3",[3,1]],[5097,"move","p3",[3,2]],[5309,"move","p3",[3,1]],[5521,"move","p3",[3,0]],[5733,"move","p3",[2,0]],[5945,"move","p3",[1,0]],[6157,"move","p3",[0,0]],[6369,"move","p3",[1,0]],[6581,"move","p3",[2,0]],[6793,"move","p3",[3,0]],[7005,"move","p3",[2,0]],[7217,"move","p3",[3,0]],[7428,"move","p3",[2,0]],[7640,"move","p3",[3,0]],[7852,"move","p3",[2,0]],[8064,"move","p3",[1,0]],[8276,"move","p3",[2,0]],[8488,"hint","p3","dfs",true]];
const recorded = () => ({
  ...RECORDED,
  log: pack(
    RECORDED_LOG.map(([t, type, id, x, found]) => (type === 'move' ? { t, type, id, cell: x } : { t, type, id, method: x, found })),
    RECORDED.maze.cols,
  ),
});

test('a recorded race ends where the server says: cells, moves, routes, hints', () => {
  const race = recorded();
  const r = new Replay(race);
  r.seek(r.duration);
  assert.equal(r.duration, race.ended_at - race.started_at);
  const players = r.players();
  assert.equal(players.length, race.results.length);
  for (const res of race.results) {
    const p = players.find((q) => q.id === res.id);
    assert.deepEqual(p.cell, res.cell, res.name); // a result's `cell` is its final cell
    assert.equal(p.moves, res.moves, res.name);
    assert.equal(p.trail.length - 1, res.route, res.name);
    assert.equal(p.hints, res.hints, res.name);
    assert.equal(p.penalty, res.penalty, res.name);
    assert.equal(p.finished, !res.dnf, res.name);
  }
  assert.deepEqual(positionsAt(race, Infinity), Object.fromEntries(race.results.map((res) => [res.id, res.cell])));
});

test('a recorded race: each finisher reaches the exit at their finishing time', () => {
  const race = recorded();
  for (const res of race.results.filter((x) => !x.dnf)) {
    const before = positionsAt(race, res.time - 1)[res.id];
    const at = positionsAt(race, res.time)[res.id];
    assert.notDeepEqual(before, race.maze.exit, res.name);
    assert.deepEqual(at, race.maze.exit, res.name);
  }
});

test('a sealed daily race says when it opens and has nothing to play', () => {
  const opens = Date.UTC(2026, 10, 31);
  assert.equal(sealedUntil({ daily: '2026-11-30', sealed_until: opens, maze: null, log: null }), opens);
  assert.equal(sealedUntil(recorded()), null);
  assert.equal(new Replay({ results: recorded().results, log: null }).race.log.length, 0);
});

test('8 directions: a replay plays diagonal steps with diagonal facings', () => {
  const none = () => new Uint8Array(9);
  const southeast = none();
  southeast[0] = 1; // (0,0) to (1,1)
  const southwest = none();
  southwest[5] = 1; // (1,2) to (2,1)
  const east = none();
  east[4] = 1; // (1,1) to (1,2)
  const maze = encodeMaze({ rows: 3, cols: 3, directions: 8, entrance: [0, 0], exit: [2, 1], east, south: none(), southeast, southwest });
  const log = [mv(100, 'a', [1, 1]), mv(200, 'a', [1, 2]), mv(300, 'a', [2, 1]), mv(400, 'a', [1, 2])];
  const race = { started_at: 0, ended_at: 1000, settings: {}, maze, results: [result('a', [1, 2], { rank: 1, moves: 4 })], log: pack(log, 3) };
  const r = new Replay(race);
  const at = (t) => r.seek(t).players()[0];
  assert.equal(at(100).facing, 'down-right');
  assert.equal(at(200).facing, 'right');
  assert.equal(at(300).facing, 'down-left');
  assert.equal(at(300).finished, true);
  assert.equal(at(400).facing, 'up-right');
  assert.deepEqual(at(400).trail, [[0, 0], [1, 1], [1, 2]]);
});
