// The socket's join against a stand-in Socket.IO client: a join the server refuses for now (the room is
// moving, or a burst of rejoins hit the join limit) is asked again, and the page is not left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** A stand-in for the vendored client: answers each `join` with the next ack of `answers`. */
function fakeIo(answers) {
  const asked = [];
  const socket = {
    connected: true,
    on() {},
    off() {},
    timeout() {
      return { emit: (name, payload, reply) => { asked.push(payload); reply(null, answers.shift()); } };
    },
  };
  return { io: () => socket, asked };
}

test('a rejoin refused as rate limited is asked again, and then joins', async () => {
  const fake = fakeIo([
    { ok: false, error: { code: 'rate_limited', message: 'too many commands; slow down' } },
    { ok: true, you: { id: 'p1', role: 'player', token: 't'.repeat(20) }, snapshot: {} },
  ]);
  globalThis.window = { io: fake.io, localStorage: new Map() };
  const { Net } = await import('../../web/js/net/socket.js');
  const retried = [];
  const joined = [];
  const net = new Net('abcdefghij', { onRetrying: (ack) => retried.push(ack.error.code), onJoined: (ack) => joined.push(ack.ok) });
  net.rateLimitedMs = 1;
  const ack = await net.join({ name: 'Ann', role: 'player' }, true);
  assert.equal(ack.ok, true);
  assert.deepEqual(retried, ['rate_limited']);
  assert.deepEqual(joined, [true]);
  assert.equal(fake.asked.length, 2);
  assert.equal(net.joined, true);
});
