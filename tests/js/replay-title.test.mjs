// The replay page's title (web/js/panels/replay-results.js): what the race's maze was like in the plain
// words the settings offer, not the generator's technical name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayTitle } from '../../web/js/panels/replay-results.js';

const square = (/** @type {number} */ directions) => /** @type {any} */ ({ rows: 15, cols: 15, directions });

test('the title says what the maze was like, in plain words', () => {
  assert.equal(replayTitle({ preset: 'medium', algorithm: 'backtracker' }, square(4), null), 'Medium 15 × 15 · Long winding corridors');
  assert.equal(replayTitle({ preset: 'hard', algorithm: 'prim' }, square(8), '2026-12-04'), 'Hard 15 × 15 · Many short dead ends · 8 directions · daily 2026-12-04');
});

test('a generator this page has no words for is named as the server names it', () => {
  assert.equal(replayTitle({ preset: 'custom', algorithm: 'tomorrow' }, square(4), null), 'Custom size 15 × 15 · tomorrow');
});

test('a growing tree says its bias, which shapes the maze; a published maze is hand-made', () => {
  assert.equal(replayTitle({ preset: 'custom', algorithm: 'growing-tree', bias: 'random' }, square(4), null), 'Custom size 15 × 15 · Corridors or dead ends, as you choose (random)');
  assert.equal(replayTitle({ preset: 'custom', algorithm: 'backtracker', maze: 'k2m9x4q7' }, square(4), null), 'Custom size 15 × 15 · Hand-made maze');
});

test('a generator named like an object member is named as itself', () => {
  assert.equal(replayTitle({ preset: 'custom', algorithm: 'constructor' }, square(4), null), 'Custom size 15 × 15 · constructor');
});
