import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Director, distanceField } from '../../web/js/model/director.js';
import { readAnalysis, hintText, lossText, splitRows, summaryText, visitText, wrongTurnText, progressPoints } from '../../web/js/model/analysis.js';
import { raceSeries } from '../../web/js/render/race-chart.js';
import { decodeMaze, encodeMaze } from '../../web/js/model/maze.js';

// A 1 x 8 corridor, entrance (0,0), exit (0,7): distance to the exit is 7 - c.
function corridor() {
  const east = new Uint8Array(8).map((_, i) => (i < 7 ? 1 : 0));
  return decodeMaze(encodeMaze({ rows: 1, cols: 8, entrance: [0, 0], exit: [0, 7], east, south: new Uint8Array(8) }));
}
const at = (c) => [0, c];

test('the distance field counts steps to the exit', () => {
  assert.deepEqual([...distanceField(corridor())], [7, 6, 5, 4, 3, 2, 1, 0]);
});

test('the director follows the leader, with hysteresis, and racers before finishers', () => {
  const maze = corridor();
  const director = new Director(distanceField(maze), maze.cols, { margin: 2, hold: 1000 });
  assert.equal(director.pick(0, [{ id: 'a', cell: at(0) }, { id: 'b', cell: at(0) }]), 'a'); // a tie: the earlier
  assert.equal(director.pick(100, [{ id: 'a', cell: at(1) }, { id: 'b', cell: at(2) }]), 'a'); // b one step ahead: not enough
  assert.equal(director.pick(200, [{ id: 'a', cell: at(1) }, { id: 'b', cell: at(3) }]), 'b'); // two steps: switch
  assert.equal(director.pick(300, [{ id: 'a', cell: at(4) }, { id: 'b', cell: at(3) }]), 'b'); // a one ahead: stays
  assert.equal(director.pick(1299, [{ id: 'a', cell: at(4) }, { id: 'b', cell: at(3) }]), 'b');
  assert.equal(director.pick(1300, [{ id: 'a', cell: at(4) }, { id: 'b', cell: at(3) }]), 'a'); // a led for 1000 ms
  assert.equal(director.pick(1400, [{ id: 'a', cell: at(7), finished: true }, { id: 'b', cell: at(3) }]), 'b'); // a is done
  assert.equal(director.pick(1500, [{ id: 'a', cell: at(7), finished: true }, { id: 'b', cell: at(7), finished: true }]), 'b');
  assert.equal(director.pick(0, [{ id: 'a', cell: at(0) }, { id: 'b', cell: at(0) }]), 'a'); // back in time: afresh
});

test('equal distances go to whoever got there first', () => {
  const maze = corridor();
  const director = new Director(distanceField(maze), maze.cols, { margin: 2, hold: 0 });
  director.pick(0, [{ id: 'a', cell: at(0) }, { id: 'b', cell: at(0) }]);
  director.pick(100, [{ id: 'a', cell: at(0) }, { id: 'b', cell: at(2) }]);
  assert.equal(director.pick(200, [{ id: 'a', cell: at(2) }, { id: 'b', cell: at(2) }]), 'b');
});

test("a bot's analysis is named in the page's words from its kind, keeping the server's number", () => {
  const english = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'));
  const maze = corridor();
  const racer = { route: Buffer.from(new Uint16Array([0]).buffer).toString('base64'), finished: false, end: 1000, penalty: 0, splits: [] };
  const body = {
    maze: encodeMaze({ ...maze }),
    analysis: {
      cols: 8, shortest_path: '', checkpoints: [], bottlenecks: [], winner: null,
      players: [{ ...racer, id: 'a', name: 'Ann 2' }, { ...racer, id: 'b', name: 'Served name 2', bot: 'dfs' }],
    },
  };
  const a = readAnalysis(body);
  assert.deepEqual(a.players.map((p) => p.name), ['Ann 2', `${english['bot.dfs.name']} 2`]);
});

test('an analysis answer is read against its maze and put into words', () => {
  const maze = corridor();
  const wire = encodeMaze({ ...maze });
  const pack = (cells) => Buffer.from(new Uint16Array(cells).buffer).toString('base64');
  const body = {
    maze: wire,
    analysis: {
      cols: 8, shortest_path: pack([0, 1, 2]), checkpoints: [4, 0], bottlenecks: [[0, 3]], winner: 'a',
      players: [
        { id: 'a', name: 'Ann', route: pack([0, 1]), finished: true, end: 9150, penalty: 5000, splits: [900, 9150], biggest_loss: null },
        { id: 'b', name: 'Bob', route: pack([0]), finished: false, end: 20000, penalty: 0, splits: [null, null], biggest_loss: { index: 2, theirs: 4000, winners: 1000, loss: 3000, reached: false } },
      ],
    },
  };
  const a = readAnalysis(body);
  assert.deepEqual(a.shortest, [[0, 0], [0, 1], [0, 2]]);
  assert.deepEqual(a.players[0].route, [[0, 0], [0, 1]]);
  assert.deepEqual(splitRows(a), [
    { label: '4 steps from the exit', times: ['0:00.9', '–'] },
    { label: 'At the exit (race time)', times: ['0:09.1', '–'] },
    { label: 'Total with hints', times: ['0:14.1', '–'] },
  ]);
  assert.match(lossText(a.players[1], a), /50% to 100%.*4\.0 s without getting there.*1\.0 s, 3\.0 s slower/);
  assert.match(lossText(a.players[0], a), /winner/);
  assert.deepEqual(readAnalysis({ analysis: null, sealed_until: 5 }), { sealed_until: 5 });
  assert.throws(() => readAnalysis({ ...body, analysis: { ...body.analysis, shortest_path: pack([99]) } }));
  assert.match(hintText({ t: 1000, method: 'bfs', found: true, cell: [0, 1], cost: 5000, on_way: true }), /added 0:05\.0 to the total; they were on the shortest way already/);
  assert.match(hintText({ t: 1000, method: 'dfs', found: false, cell: [0, 1], cost: 5000, on_way: false, saved_cells: 3, saved: 2400 }), /spared them about 2\.4 s of searching \(3 cells/);
  assert.equal(summaryText({ ...a.players[0], dead_ends: [], dead_end_time: 0, moves: 7 }), 'Ann finished in 0:14.1 (0:09.1 + 0:05.0 hints): 7 moves, no dead ends.');
});

test('a race explained reads as a player would say it: none of the old phrases', () => {
  const bad = [/saved nothing counted/, /on the way already/, /went on along it/, /nothing lost against themselves/, /steps of the final trail/, /checkpoint/i, /bottleneck/i];
  const visit = { cell: [2, 3], came_from: [2, 2], entered: 3000, left: 5100, spent: 2100, depth: 3, steps: 6, kind: 'dead_end' };
  const texts = [
    summaryText({ name: 'Ann', finished: true, end: 9150, penalty: 5000, dead_ends: [visit], dead_end_time: 2100, moves: 30 }),
    summaryText({ name: 'Bob', finished: false, end: 20000, penalty: 0, dead_ends: [], dead_end_time: 0, moves: 12 }),
    visitText(visit),
    visitText({ ...visit, kind: 'detour', left: null }),
    wrongTurnText({ first_wrong_turn: null }),
    wrongTurnText({ first_wrong_turn: { t: 3000, came_from: [2, 2], cell: [2, 3] } }),
    hintText({ t: 1000, method: 'bfs', found: true, cell: [0, 1], cost: 5000, on_way: true, saved_cells: null, saved_steps: null, saved: null }),
    hintText({ t: 1000, method: 'bfs', found: false, cell: [0, 1], cost: 5000, on_way: false, saved_cells: 0, saved_steps: 0, saved: 0 }),
    lossText({ id: 'a', biggest_loss: null }, { winner: 'a', checkpoints: [4, 0] }),
    lossText({ id: 'b', biggest_loss: null }, { winner: 'a', checkpoints: [4, 0] }),
    lossText({ id: 'b', biggest_loss: null }, { winner: null, checkpoints: [4, 0] }),
  ];
  for (const text of texts) for (const phrase of bad) assert.doesNotMatch(text, phrase);
  assert.match(visitText(visit), /^0:03\.0: went into a dead end at \(2, 3\): 3 cells deep, 6 steps, 2\.1 s lost; back on the way at 0:05\.1$/);
});

test("a fog race's chart has every racer's points, from the analysis, ending at the race time with the hints beside it", () => {
  // A fog racer is told no distances during the race: the page's own points are empty.
  const analysis = { shortest: [[0, 0], [0, 1], [0, 2], [0, 3]], checkpoints: [2, 1, 0], players: [{ id: 'a', splits: [800, 1500, 2300] }, { id: 'b', splits: [1200, null, null] }] };
  assert.deepEqual(progressPoints(analysis.players[0], analysis), [[0, 3], [800, 2], [1500, 1], [2300, 0]]);
  const results = [
    { id: 'a', name: 'Ann', colour: '#123456', dnf: false, time: 2300, penalty: 5000 },
    { id: 'b', name: 'Bob', colour: '#654321', dnf: true, time: null, penalty: 0 },
  ];
  const series = raceSeries(results, { a: [], b: [] }, /** @type {any} */ (analysis));
  assert.deepEqual(series.map((s) => s.points.length), [4, 2]);
  assert.deepEqual(series.map((s) => [s.finish, s.penalty]), [[2300, 5000], [null, 0]]);
  const seen = [[0, 3], [500, 2], [900, 1], [2300, 0]];
  assert.deepEqual(raceSeries(results, { a: seen, b: [] }, null)[0].points, seen); // what the page saw stays
});
