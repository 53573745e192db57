import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hintMessage } from '../../web/js/model/hint-text.js';

/** A found hint from (2, 2) going right, its way `steps` steps long, cut as `cut`. */
const found = (/** @type {number} */ steps, /** @type {string | null} */ cut) => {
  const path = Array.from({ length: steps + 1 }, (_, i) => [2, 2 + i]);
  const hinted = { id: 'p1', method: 'bfs', found: true, from: [2, 2], next: [2, 3], explored: 9, hints: 1, penalty: 5000, cut };
  return /** @type {const} */ ([hinted, { ...hinted, path }]);
};

test('a cut hint says the direction and how far the way shown goes, in one sentence', () => {
  assert.equal(hintMessage(...found(6, 'junction'), null).text, 'Hint (BFS (queue)): go right; 6 steps to the next junction.');
  assert.equal(hintMessage(...found(1, 'junction'), null).text, 'Hint (BFS (queue)): go right; 1 step to the next junction.');
  assert.equal(hintMessage(...found(8, 'steps'), null).text, 'Hint (BFS (queue)): go right; the first 8 steps of the way are shown.');
});

test('a whole-way hint counts the steps to the exit', () => {
  assert.equal(hintMessage(...found(14, null), null).text, 'Hint (BFS (queue)): go right; 14 steps to the exit.');
});

test('a cut back-up hint names where to back up to and says only the first steps are shown', () => {
  const hinted = { id: 'p1', method: 'dfs', found: false, from: [2, 2], next: null, explored: 4, back_to: [0, 0], hints: 1, penalty: 5000, cut: 'junction' };
  const hint = { ...hinted, back_path: [[2, 2], [1, 2], [0, 2]] };
  assert.equal(hintMessage(hinted, hint, null).text, 'No way on from here without backing up: back up to (0, 0); the first 2 steps back are shown.');
  assert.equal(hintMessage({ ...hinted, cut: null }, hint, null).text, 'No way on from here without backing up: back up to (0, 0).');
});
