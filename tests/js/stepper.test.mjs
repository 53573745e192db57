import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Stepper, HOLD_DELAY, DOUBLE_TAP_MS, isDoubleTap } from '../../web/js/input/stepper.js';
import { runPath } from '../../web/js/input/run.js';
import { step as stepFrom, isOpen } from '../../web/js/model/maze.js';

const INTERVAL = 50;

/** A stepper on a fake clock: `advance(ms)` runs the timers that fall due, in order. */
function rig({ result = () => 'moved', maze = null, from = [0, 0] } = {}) {
  let now = 0;
  let timers = [];
  let ids = 0;
  const sent = [];
  const at = { cell: from };
  const stepper = new Stepper({
    interval: () => INTERVAL,
    now: () => now,
    setTimer: (fn, ms) => {
      timers.push({ id: ++ids, due: now + ms, fn });
      return ids;
    },
    clearTimer: (id) => (timers = timers.filter((t) => t.id !== id)),
    where: () => ({ maze, cell: at.cell }),
    step: (dir) => {
      const r = result(dir, sent.length);
      if (r === 'moved') {
        sent.push({ dir, at: now });
        if (maze) at.cell = stepFrom(at.cell, dir);
      }
      return r;
    },
  });
  const advance = (ms) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.due - b.due);
      const next = timers[0];
      if (!next || next.due > end) break;
      timers.shift();
      now = next.due;
      next.fn();
    }
    now = end;
  };
  return { stepper, sent, advance, at, pending: () => timers.length };
}

test('a tap is one step, at once', () => {
  const { stepper, sent, advance, pending } = rig();
  stepper.press('right', 'ArrowRight');
  stepper.release('ArrowRight');
  advance(1000);
  assert.deepEqual(sent, [{ dir: 'right', at: 0 }]);
  assert.equal(stepper.doing, null);
  assert.equal(pending(), 0, 'no timer left running');
});

test('a held press repeats after the hold delay at the move interval until it is let go', () => {
  const { stepper, sent, advance } = rig();
  stepper.press('down', 'ArrowDown');
  advance(HOLD_DELAY + 3 * INTERVAL + 10);
  stepper.release('ArrowDown');
  advance(1000);
  assert.deepEqual(sent.map((s) => s.at), [0, HOLD_DELAY, HOLD_DELAY + INTERVAL, HOLD_DELAY + 2 * INTERVAL, HOLD_DELAY + 3 * INTERVAL]);
  for (let i = 1; i < sent.length; i++) assert.ok(sent[i].at - sent[i - 1].at >= INTERVAL, 'never faster than the server allows');
});

test('letting go of another source does not end a hold', () => {
  const { stepper, sent, advance } = rig();
  stepper.press('down', 'ArrowDown');
  stepper.release('s');
  stepper.release('pad');
  advance(HOLD_DELAY);
  assert.equal(sent.length, 2);
  assert.equal(stepper.doing, 'hold');
});

test('a press inside the interval waits for it and is never lost', () => {
  const { stepper, sent, advance } = rig();
  stepper.press('right', 'd');
  stepper.release('d');
  advance(20);
  stepper.press('right', 'd');
  stepper.release('d'); // let go before the pace allowed its step: it still goes, once
  advance(1000);
  assert.deepEqual(sent.map((s) => s.at), [0, INTERVAL]);
});

test('a wall or the end of the race stops a hold', () => {
  const { stepper, sent, advance } = rig({ result: (dir, n) => (n < 2 ? 'moved' : 'blocked') });
  stepper.press('left', 'a');
  advance(2000);
  assert.equal(sent.length, 2);
  assert.equal(stepper.doing, null);
  const off = rig({ result: () => 'off' });
  off.stepper.press('left', 'a');
  off.advance(1000);
  assert.equal(off.sent.length, 0);
  assert.equal(off.stepper.doing, null);
});

test('too many moves in flight: the step waits and goes later', () => {
  let busy = 2;
  const { stepper, sent, advance } = rig({ result: () => (busy-- > 0 ? 'busy' : 'moved') });
  stepper.press('up', 'w');
  stepper.release('w');
  advance(1000);
  assert.deepEqual(sent, [{ dir: 'up', at: 2 * INTERVAL }]);
});

test('stop (a refusal, another key, blur) ends a hold at once', () => {
  const { stepper, sent, advance, pending } = rig();
  stepper.press('up', 'w');
  advance(HOLD_DELAY);
  stepper.stop();
  advance(1000);
  assert.equal(sent.length, 2);
  assert.equal(pending(), 0);
});

// A 1 x 6 corridor with a branch: (0,0)-(0,1)-(0,2)-(0,3)-(0,4)-(0,5), and (0,3) opens south to (1,3).
function corridor() {
  const rows = 2;
  const cols = 6;
  const maze = { rows, cols, size: rows * cols, directions: 4, entrance: [0, 0], exit: [1, 5], seen: null };
  for (const name of ['east', 'south', 'southeast', 'southwest']) maze[name] = new Uint8Array(rows * cols);
  for (let c = 0; c < 5; c++) maze.east[c] = 1;
  maze.south[3] = 1;
  return maze;
}

test('a run walks the cells runPath names, one per interval, and ends there', () => {
  const maze = corridor();
  const { stepper, sent, advance, at } = rig({ maze });
  stepper.run('right');
  assert.equal(stepper.doing, 'run');
  advance(1000);
  const path = runPath(maze, [0, 0], 'right');
  assert.deepEqual(path, [[0, 1], [0, 2], [0, 3]]);
  assert.deepEqual(at.cell, [0, 3]);
  assert.deepEqual(sent.map((s) => s.at), [0, INTERVAL, 2 * INTERVAL]);
  assert.equal(stepper.doing, null);
});

test('a run into a wall sends that one move (the server says why) and ends', () => {
  const maze = corridor();
  const { stepper, advance } = rig({ maze, result: (dir) => (isOpen(maze, [0, 0], stepFrom([0, 0], dir)) ? 'moved' : 'blocked') });
  const tried = [];
  const inner = stepper.opts.step;
  stepper.opts.step = (dir) => (tried.push(dir), inner(dir));
  stepper.run('down');
  advance(1000);
  assert.deepEqual(tried, ['down']);
  assert.equal(stepper.doing, null);
});

test('a run ends when the arrow is not where the run put it (a refusal moved it back)', () => {
  const maze = corridor();
  const { stepper, sent, advance, at } = rig({ maze });
  stepper.run('right');
  advance(INTERVAL + 1);
  at.cell = [0, 0]; // the server refused the last step: the prediction went back
  advance(1000);
  assert.equal(sent.length, 2);
  assert.equal(stepper.doing, null);
});

test('a new press replaces a run', () => {
  const maze = corridor();
  const { stepper, sent, advance } = rig({ maze });
  stepper.run('right');
  stepper.press('left', 'a');
  stepper.release('a');
  advance(1000);
  assert.deepEqual(sent.map((s) => s.dir), ['right', 'left']);
});

test('a double-tap is two presses of one direction close together', () => {
  assert.equal(isDoubleTap(null, 'up', 100), false);
  assert.equal(isDoubleTap({ dir: 'up', at: 100 }, 'up', 100 + DOUBLE_TAP_MS), true);
  assert.equal(isDoubleTap({ dir: 'up', at: 100 }, 'up', 101 + DOUBLE_TAP_MS), false);
  assert.equal(isDoubleTap({ dir: 'up', at: 100 }, 'down', 150), false);
});

test('taps quicker than the move interval are all kept, in order, at the allowed pace', () => {
  const { stepper, sent, advance } = rig();
  stepper.press('right', 'ArrowRight'); // steps at once
  stepper.release('ArrowRight');
  advance(10);
  stepper.press('down', 'ArrowDown'); // inside the interval: waits its turn
  stepper.release('ArrowDown');
  advance(5);
  stepper.press('left', 'ArrowLeft'); // and so does this one, behind it
  stepper.release('ArrowLeft');
  advance(5);
  stepper.press('left', 'ArrowLeft'); // the same key again is another step, not a lost one
  stepper.release('ArrowLeft');
  advance(1000);
  assert.deepEqual(sent, [
    { dir: 'right', at: 0 },
    { dir: 'down', at: INTERVAL },
    { dir: 'left', at: 2 * INTERVAL },
    { dir: 'left', at: 3 * INTERVAL },
  ]);
  assert.equal(stepper.doing, null);
});

test('waiting taps go when the moves stop: a refusal, another input or the race ending', () => {
  const { stepper, sent, advance } = rig();
  stepper.press('right', 'ArrowRight');
  stepper.release('ArrowRight');
  stepper.press('down', 'ArrowDown');
  stepper.release('ArrowDown');
  stepper.press('down', 'ArrowDown');
  stepper.release('ArrowDown');
  stepper.stop(); // the server refused the first: the arrow went back, so the rest would go astray
  advance(1000);
  assert.deepEqual(sent, [{ dir: 'right', at: 0 }]);
});
