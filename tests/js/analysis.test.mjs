import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Director, distanceField } from '../../web/js/model/director.js';
import { readAnalysis, hintText, lossText, bottleneckRows } from '../../web/js/model/analysis.js';
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

test('an analysis answer is read against its maze and put into words', () => {
  const maze = corridor();
  const wire = encodeMaze({ ...maze });
  const pack = (cells) => Buffer.from(new Uint16Array(cells).buffer).toString('base64');
  const body = {
    maze: wire,
    analysis: {
      cols: 8, shortest_path: pack([0, 1, 2]), checkpoints: [4, 0], bottlenecks: [[0, 3]], winner: 'a',
      players: [
        { id: 'a', name: 'Ann', route: pack([0, 1]), bottleneck_splits: [900], biggest_loss: null },
        { id: 'b', name: 'Bob', route: pack([0]), bottleneck_splits: [null], biggest_loss: { index: 2, theirs: 4000, winners: 1000, loss: 3000, reached: false } },
      ],
    },
  };
  const a = readAnalysis(body);
  assert.deepEqual(a.shortest, [[0, 0], [0, 1], [0, 2]]);
  assert.deepEqual(a.players[0].route, [[0, 0], [0, 1]]);
  assert.deepEqual(bottleneckRows(a), [{ cell: [0, 3], times: [900, null] }]);
  assert.match(lossText(a.players[1], a), /50% to 100%.*4\.0 s and never reached.*1\.0 s \(\+3\.0 s\)/);
  assert.match(lossText(a.players[0], a), /winner/);
  assert.deepEqual(readAnalysis({ analysis: null, sealed_until: 5 }), { sealed_until: 5 });
  assert.throws(() => readAnalysis({ ...body, analysis: { ...body.analysis, shortest_path: pack([99]) } }));
  assert.match(hintText({ t: 1000, method: 'bfs', found: true, cell: [0, 1], cost: 5000, on_way: true }), /cost 5\.0 s, saved nothing counted: on the way/);
  assert.match(hintText({ t: 1000, method: 'dfs', found: false, cell: [0, 1], cost: 5000, on_way: false, saved_cells: 3, saved: 2400 }), /saved about 2\.4 s \(3 cells/);
});
