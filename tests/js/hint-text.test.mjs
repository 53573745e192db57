import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { directionName, hintMessage } from '../../web/js/model/hint-text.js';
import { translator } from '../../web/js/common/i18n.js';

/** The page's t() over a real catalogue (outside a browser the module's own is empty). */
const words = (/** @type {string} */ language) => translator(/** @type {any} */ (language), JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), 'utf8'))).t;
const en = words('en');
const zh = words('zh-CN');

/** A found hint from (2, 2) going right, its way `steps` steps long, cut as `cut`. */
const found = (/** @type {number} */ steps, /** @type {string | null} */ cut) => {
  const path = Array.from({ length: steps + 1 }, (_, i) => [2, 2 + i]);
  const hinted = { id: 'p1', method: 'bfs', found: true, from: [2, 2], next: [2, 3], explored: 9, hints: 1, penalty: 5000, cut };
  return /** @type {const} */ ([hinted, { ...hinted, path }]);
};

test('a cut hint says the direction and how far the way shown goes, in one sentence without brackets in brackets', () => {
  assert.equal(hintMessage(...found(6, 'junction'), null, en).text, 'Hint by BFS (queue): go right, 6 steps to the next junction.');
  assert.equal(hintMessage(...found(1, 'junction'), null, en).text, 'Hint by BFS (queue): go right, 1 step to the next junction.');
  for (const [hinted, hint] of [found(6, 'junction'), found(8, 'steps'), found(14, null)]) {
    assert.doesNotMatch(hintMessage(hinted, hint, null, en).text, /\([^)]*\(/, 'no bracket inside a bracket');
  }
});

test('a hint cut after 8 steps says it in the words of the setting: the way on, with no junction nearer', () => {
  const text = hintMessage(...found(8, 'steps'), null, en).text;
  assert.equal(text, 'Hint by BFS (queue): go right. No junction is near, so the way on is shown for 8 steps.');
  const setting = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'))['settings.reveal.junction'];
  assert.equal(setting, 'The way on, to the next junction or a few steps');
});

test('a whole-way hint counts the steps to the exit', () => {
  assert.equal(hintMessage(...found(14, null), null, en).text, 'Hint by BFS (queue): go right, 14 steps to the exit.');
});

test('a back-up hint counts the steps back and names no coordinates (a phone player sees none)', () => {
  const hinted = { id: 'p1', method: 'dfs', found: false, from: [2, 2], next: null, explored: 4, back_to: [7, 0], hints: 1, penalty: 5000, cut: 'junction' };
  const hint = { ...hinted, back_path: [[2, 2], [1, 2], [0, 2]] };
  assert.equal(hintMessage(hinted, hint, null, en).text, 'No way on from here: go back along the way marked on the maze (its first 2 steps are shown).');
  assert.equal(hintMessage({ ...hinted, cut: null }, hint, null, en).text, 'No way on from here: go back 2 steps, along the way marked on the maze.');
  const explore = { ...hinted, back_to: undefined, explore: [7, 0], cut: null };
  for (const [h, x] of [[hinted, hint], [{ ...hinted, cut: null }, hint], [explore, { ...explore, explore_path: [[2, 2], [2, 3]] }]]) {
    assert.doesNotMatch(hintMessage(/** @type {any} */ (h), /** @type {any} */ (x), null, en).text, /\(\d+, \d+\)/);
  }
});

test('the Chinese sentences are whole, with the direction and the count in them', () => {
  assert.equal(hintMessage(...found(6, 'junction'), null, zh).text, 'BFS (queue) 提示：向右走，再走 6 步到下一个岔路口。');
});

test("a diagonal is one side in a cell's open sides, not two (\"right, down and left\" was right and down-left)", () => {
  assert.deepEqual(['right', 'down-left', 'up'].map(directionName), ['right', 'down-left', 'up']);
});
