// A published maze's title for a room's settings lines: asked once, and every line that asked before
// the answer came is redrawn with it (the join page's preview asks first, the lobby's line after).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mazeTitle } from '../../web/js/panels/maze-choice.js';

test('every caller waiting for a title is told when it arrives, and the server is asked once', async () => {
  const asked = [];
  /** @type {(value: unknown) => void} */
  let answer = () => {};
  globalThis.fetch = /** @type {any} */ (async (/** @type {string} */ url) => {
    asked.push(url);
    return new Promise((resolve) => (answer = resolve));
  });
  const told = [];
  assert.equal(mazeTitle('abcdefgh', () => told.push('preview')), null);
  assert.equal(mazeTitle('abcdefgh', () => told.push('lobby')), null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  answer({ ok: true, json: async () => ({ title: 'Snake 🐍' }) });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(told, ['preview', 'lobby']);
  assert.deepEqual(asked, ['/api/mazes/abcdefgh']);
  assert.equal(mazeTitle('abcdefgh', () => told.push('later')), 'Snake 🐍');
});
