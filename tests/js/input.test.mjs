import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCell, moveInterval, MOVE_INTERVAL, keyDirection, swipeDirection, allowedIn } from '../../web/js/input/input.js';
import { readFileSync } from 'node:fs';
import { ordinal, safeColour } from '../../web/js/common/ui.js';
import { formatRaceTime as formatTime } from '../../web/js/common/i18n.js';
import { translator } from '../../web/js/common/i18n.js';

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

test('until the rules come, moves go at most about 12 a second', () => {
  assert.ok(1000 / MOVE_INTERVAL <= 12);
  assert.ok(1000 / MOVE_INTERVAL >= 10);
});

test("moves are paced by the server's move rate (GET /api/rules)", () => {
  const rules = (rate) => ({ rate_limits: { move: { rate, burst: 10 } } });
  assert.equal(moveInterval(rules(20)), 50, 'the server allows 20 a second: one every 50 ms');
  assert.equal(moveInterval(rules(4)), 250);
  assert.equal(moveInterval(rules(3)), 334, 'rounded up: never faster than the server allows');
  assert.equal(moveInterval(null), MOVE_INTERVAL, 'no rules (yet): the client pace');
  assert.equal(moveInterval(rules(0)), MOVE_INTERVAL);
});

const catalogue = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));

test('times, ranks and colours are shown plainly; a rank in each language\'s ordinal forms', () => {
  assert.equal(formatTime(0), '0:00.0');
  assert.equal(formatTime(83_456), '1:23.4');
  assert.equal(formatTime(null), '–');
  const english = translator('en', catalogue('en')).t;
  const rules = new Intl.PluralRules('en', { type: 'ordinal' });
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map((n) => ordinal(n, english, rules)), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  const chinese = translator('zh-CN', catalogue('zh-CN')).t;
  const zhRules = new Intl.PluralRules('zh-CN', { type: 'ordinal' });
  assert.deepEqual([1, 2, 23].map((n) => ordinal(n, chinese, zhRules)), ['第 1 名', '第 2 名', '第 23 名']);
  assert.equal(safeColour('#1f77b4'), '#1f77b4');
  assert.equal(safeColour('hsl(120, 50%, 40%)'), 'hsl(120, 50%, 40%)');
  assert.equal(safeColour('red;background:url(x)'), '#888');
});

const press = (key, code = '') => ({ key, code });

test('arrows and WASD move straight in either kind of maze', () => {
  for (const directions of [4, 8]) {
    assert.equal(keyDirection(press('ArrowUp', 'ArrowUp'), directions), 'up');
    assert.equal(keyDirection(press('ArrowLeft', 'ArrowLeft'), directions), 'left');
    assert.equal(keyDirection(press('d', 'KeyD'), directions), 'right');
    assert.equal(keyDirection(press('S', 'KeyS'), directions), 'down', 'with Shift or Caps Lock too');
    assert.equal(keyDirection(press('h', 'KeyH'), directions), null, 'H is the hint, not a move');
  }
});

test('the numeric keypad moves by its layout: 7 8 9 / 4 6 / 1 2 3, with NumLock on or off', () => {
  const layout = {
    Numpad7: 'up-left',
    Numpad8: 'up',
    Numpad9: 'up-right',
    Numpad4: 'left',
    Numpad6: 'right',
    Numpad1: 'down-left',
    Numpad2: 'down',
    Numpad3: 'down-right',
  };
  const numLockOff = { Numpad7: 'Home', Numpad8: 'ArrowUp', Numpad9: 'PageUp', Numpad4: 'ArrowLeft', Numpad6: 'ArrowRight', Numpad1: 'End', Numpad2: 'ArrowDown', Numpad3: 'PageDown' };
  for (const [code, dir] of Object.entries(layout)) {
    assert.equal(keyDirection(press(code.slice(-1), code), 8), dir, `${code} with NumLock on`);
    assert.equal(keyDirection(press(numLockOff[code], code), 8), dir, `${code} with NumLock off`);
    assert.equal(keyDirection(press(numLockOff[code], ''), 8), dir, `${numLockOff[code]} when the browser gives no code`);
  }
  assert.equal(keyDirection(press('5', 'Numpad5'), 8), null);
  assert.equal(keyDirection(press('Clear', 'Numpad5'), 8), null);
  assert.equal(keyDirection(press('8', 'Digit8'), 8), null, 'the digit row is not the keypad');
});

test('Q, E, Z and C beside WASD are the diagonals', () => {
  assert.equal(keyDirection(press('q', 'KeyQ'), 8), 'up-left');
  assert.equal(keyDirection(press('e', 'KeyE'), 8), 'up-right');
  assert.equal(keyDirection(press('z', 'KeyZ'), 8), 'down-left');
  assert.equal(keyDirection(press('C', 'KeyC'), 8), 'down-right');
});

test('a 4-direction maze takes no diagonal key (the keypad keeps its straight four)', () => {
  for (const [key, code] of [['q', 'KeyQ'], ['e', 'KeyE'], ['z', 'KeyZ'], ['c', 'KeyC'], ['7', 'Numpad7'], ['Home', 'Numpad7'], ['PageDown', ''], ['3', 'Numpad3']]) {
    assert.equal(keyDirection(press(key, code), 4), null, `${key} ${code}`);
  }
  assert.equal(keyDirection(press('8', 'Numpad8'), 4), 'up');
  assert.equal(keyDirection(press('ArrowLeft', 'Numpad4'), 4), 'left');
  assert.equal(keyDirection(press('q', 'KeyQ')), null, 'no maze named: 4 directions');
});

test('swipes: 45 degree sectors in an 8-direction maze', () => {
  const at = (degrees, length = 100) => [Math.cos((degrees * Math.PI) / 180) * length, Math.sin((degrees * Math.PI) / 180) * length];
  const sectors = [[0, 'right'], [45, 'down-right'], [90, 'down'], [135, 'down-left'], [180, 'left'], [-135, 'up-left'], [-90, 'up'], [-45, 'up-right']];
  for (const [centre, dir] of sectors) {
    for (const off of [-22, 0, 22]) assert.equal(swipeDirection(...at(centre + off), 8), dir, `${centre + off} degrees`);
  }
  assert.equal(swipeDirection(...at(23), 8), 'down-right', 'past the boundary at 22.5');
  assert.equal(swipeDirection(...at(-179), 8), 'left');
  assert.equal(swipeDirection(...at(179), 8), 'left');
});

test('swipes: 90 degree sectors in a 4-direction maze, never a diagonal', () => {
  const at = (degrees) => [Math.cos((degrees * Math.PI) / 180) * 80, Math.sin((degrees * Math.PI) / 180) * 80];
  assert.equal(swipeDirection(...at(0), 4), 'right');
  assert.equal(swipeDirection(...at(44), 4), 'right');
  assert.equal(swipeDirection(...at(46), 4), 'down');
  assert.equal(swipeDirection(...at(135 - 1), 4), 'down');
  assert.equal(swipeDirection(...at(180), 4), 'left');
  assert.equal(swipeDirection(...at(-100), 4), 'up');
  for (let d = -180; d <= 180; d += 5) assert.ok(allowedIn(swipeDirection(...at(d), 4), 4), `${d} degrees`);
  assert.equal(swipeDirection(30, -40), 'up', 'no maze named: 4 directions');
});

test('diagonal moves are allowed only with 8 directions', () => {
  assert.equal(allowedIn('up-left', 8), true);
  assert.equal(allowedIn('up-left', 4), false);
  assert.equal(allowedIn('up', 4), true);
});
