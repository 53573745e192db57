import { test } from 'node:test';
import assert from 'node:assert/strict';
import { raceTimes, resultTimeText } from '../../web/js/common/race-time.js';
import { formatRaceTime as formatTime } from '../../web/js/common/i18n.js';

// The same figures as tests/unit/room/test_race_time.py holds the terminal's helper to.
test('a time is cut to the tenth, never rounded up', () => {
  assert.equal(formatTime(0), '0:00.0');
  assert.equal(formatTime(9199), '0:09.1');
  assert.equal(formatTime(59999), '0:59.9');
  assert.equal(formatTime(60000), '1:00.0');
  assert.equal(formatTime(754321), '12:34.3');
  assert.equal(formatTime(-5), '0:00.0');
  assert.equal(formatTime(null), '–');
});

test('a result is the total that ranks, with the race time and the hints beside it', () => {
  assert.equal(resultTimeText({ time: 9150, penalty: 5000 }), '0:14.1 (0:09.1 + 0:05.0 hints)');
  assert.equal(resultTimeText({ time: 9150, penalty: 0 }), '0:09.1');
  assert.equal(resultTimeText({ time: null, penalty: 5000 }), '–');
  assert.equal(resultTimeText({ time: 9150, penalty: 5000, dnf: true }), '–');
  assert.equal(resultTimeText({ time: 9150, penalty: 10000 }), '0:19.1 (0:09.1 + 0:10.0 hints)');
  assert.deepEqual(raceTimes({ time: 9150, penalty: 5000 }), { race: 9150, hints: 5000, total: 14150 });
  assert.deepEqual(raceTimes({ dnf: true, time: null }), { race: null, hints: 0, total: null });
});
