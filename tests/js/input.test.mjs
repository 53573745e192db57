import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCell, moveInterval, MOVE_INTERVAL } from '../../web/js/input.js';
import { formatTime, ordinal, safeColour, errorText } from '../../web/js/ui.js';

test('the coordinate box reads "r c", "r,c" and "(r, c)"', () => {
  assert.deepEqual(parseCell('0 1'), [0, 1]);
  assert.deepEqual(parseCell(' 12 , 7 '), [12, 7]);
  assert.deepEqual(parseCell('(3, 4)'), [3, 4]);
  assert.deepEqual(parseCell('-1 0'), [-1, 0], 'out of bounds is the server’s to refuse');
  assert.equal(parseCell('up'), null);
  assert.equal(parseCell('1'), null);
  assert.equal(parseCell('1 2 3'), null);
  assert.equal(parseCell('1.5 2'), null);
});

test('moves are throttled to at most about 12 a second', () => {
  assert.ok(1000 / MOVE_INTERVAL <= 12);
  assert.ok(1000 / MOVE_INTERVAL >= 10);
});

test("moves are paced by the server's move rate when it is lower (GET /api/rules)", () => {
  const rules = (rate) => ({ rate_limits: { move: { rate, burst: 10 } } });
  assert.equal(moveInterval(rules(20)), MOVE_INTERVAL, 'the default 20/s is faster than the keys');
  assert.equal(moveInterval(rules(4)), 250);
  assert.equal(moveInterval(rules(3)), 334, 'rounded up: never faster than the server allows');
  assert.equal(moveInterval(null), MOVE_INTERVAL, 'no rules (yet): the client pace');
  assert.equal(moveInterval(rules(0)), MOVE_INTERVAL);
});

test('times, ranks, colours and errors are shown plainly', () => {
  assert.equal(formatTime(0), '0:00.0');
  assert.equal(formatTime(83_456), '1:23.4');
  assert.equal(formatTime(null), '–');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  assert.equal(safeColour('#1f77b4'), '#1f77b4');
  assert.equal(safeColour('hsl(120, 50%, 40%)'), 'hsl(120, 50%, 40%)');
  assert.equal(safeColour('red;background:url(x)'), '#888');
  assert.equal(errorText({ ok: false, error: { code: 'wall', message: 'a wall stands there' } }), 'a wall stands there');
  assert.equal(errorText({ ok: false, error: { code: 'wall' } }), 'wall');
});
