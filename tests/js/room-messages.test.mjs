// What the room page says when the host changes (web/js/panels/room-messages.js): a room whose last
// player left has nobody hosting, and says so rather than naming "Someone".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostChangeText } from '../../web/js/panels/room-messages.js';

const names = { isYou: (/** @type {string} */ id) => id === 'p1', nameOf: (/** @type {string} */ id) => (id === 'p2' ? 'Bo' : 'Someone') };

test('a new host is you, a player by name, or nobody', () => {
  assert.equal(hostChangeText('p1', names), 'You are now the host.');
  assert.equal(hostChangeText('p2', names), 'Bo is the host now.');
  assert.equal(hostChangeText(null, names), 'Nobody is the host now: the next player to join will be.');
});
