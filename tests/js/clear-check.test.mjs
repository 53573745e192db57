import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClearCheck } from '../../web/js/editor/clear-check.js';
import { blankMaze } from '../../web/js/editor/maze-shapes.js';

/** A 1 x 3 corridor, entrance left, exit right. */
function corridor() {
  const maze = blankMaze(1, 3);
  maze.east[0] = 1;
  maze.east[1] = 1;
  maze.exit = [0, 2];
  return maze;
}

function fakeServer() {
  const calls = [];
  return {
    calls,
    start: async (maze) => (calls.push(['start', maze]), { ok: true, status: 200, body: { check: 'c1' } }),
    finish: async (check, maze, walk) => (calls.push(['finish', check, walk]), { ok: true, status: 200, body: { cleared: 't1', clear_ms: 1234 } }),
  };
}

test('a walk to the exit is sent whole and clears the maze at its revision', async () => {
  const server = fakeServer();
  const states = [];
  const check = new ClearCheck(server, (state) => states.push(state.kind));
  await check.start(corridor(), { wire: 1 }, 7);
  assert.equal(check.state.kind, 'racing');
  assert.equal(await check.move('left'), false); // the outer wall
  assert.equal(await check.move('down'), false);
  assert.equal(await check.move('right'), true);
  await check.move('right');
  assert.deepEqual(server.calls[1], ['finish', 'c1', [[0, 0], [0, 1], [0, 2]]]);
  assert.equal(check.state.kind, 'cleared');
  assert.equal(check.token(7), 't1');
  assert.equal(check.token(8), null); // an edit since asks for a new check
  assert.deepEqual(states, ['starting', 'racing', 'racing', 'checking', 'cleared']);
});

test('a refusal is kept to be shown; stopping frees the maze for editing', async () => {
  const refused = { ok: false, status: 400, body: { error: { code: 'bad_maze', message: 'no way' } } };
  const check = new ClearCheck({ start: async () => refused, finish: async () => refused }, () => {});
  await check.start(corridor(), {}, 1);
  assert.equal(check.state.kind, 'refused');
  assert.equal(check.busy, false);
  const racing = new ClearCheck(fakeServer(), () => {});
  await racing.start(corridor(), {}, 1);
  assert.equal(racing.busy, true);
  racing.stop();
  assert.equal(racing.busy, false);
  assert.equal(await racing.move('right'), false);
});
