import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ACTIONS, DEFAULT_KEYS, MAX_KEYS, actionOf, bindKey, defaultKeys, keyLabel, keyName, loadPrefs, parseKeys, reducesMotion, savePrefs, unbindKey } from '../../web/js/input/prefs.js';
import { translator } from '../../web/js/common/i18n.js';
import { keyDirection } from '../../web/js/input/input.js';

const catalogue = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));

/** A store like storage.js's loadPref/savePref, in memory. */
function memory(initial = {}) {
  const data = new Map(Object.entries(initial));
  return { data, load: (key, fallback) => (data.has(key) ? data.get(key) : fallback), save: (key, value) => (value == null ? data.delete(key) : data.set(key, String(value))) };
}

test('every action has default keys and no key does two things', () => {
  const seen = new Set();
  for (const a of ACTIONS) {
    assert.ok(DEFAULT_KEYS[a.id].length > 0, a.id);
    for (const key of DEFAULT_KEYS[a.id]) {
      assert.ok(!seen.has(key), `${key} bound twice`);
      seen.add(key);
    }
  }
});

test('keys are named by the keypad position, else by the key, letters in lower case', () => {
  assert.equal(keyName({ key: 'Home', code: 'Numpad7' }), 'Numpad7');
  assert.equal(keyName({ key: '7', code: 'Numpad7' }), 'Numpad7');
  assert.equal(keyName({ key: 'Home', code: 'Home' }), 'Home');
  assert.equal(keyName({ key: 'W', code: 'KeyW' }), 'w');
  assert.equal(keyName({ key: ' ', code: 'Space' }), 'Space');
  assert.equal(keyName({ key: '+', code: 'NumpadAdd' }), '+');
  assert.equal(keyLabel('ArrowLeft'), '←');
  assert.equal(keyLabel('Numpad7', translator('en', catalogue('en')).t), 'Keypad 7');
  assert.equal(keyLabel('Numpad7', translator('zh-CN', catalogue('zh-CN')).t), '小键盘 7');
  assert.equal(keyLabel('j'), 'J');
});

test('binding a key another action has moves it, and says from where', () => {
  const { map, from } = bindKey(defaultKeys(), 'left', 'w');
  assert.equal(from, 'up');
  assert.equal(actionOf(map, 'w'), 'left');
  assert.ok(!map.up.includes('w'));
  assert.deepEqual(map.left, ['w', 'ArrowLeft', 'a', 'Numpad4']);
  assert.equal(keyDirection({ key: 'w', code: 'KeyW' }, 4, map), 'left');
  assert.equal(keyDirection({ key: 'a', code: 'KeyA' }, 4, map), 'left');
  const again = bindKey(map, 'left', 'w');
  assert.equal(again.from, null, 'binding a key where it is already is no move');
});

test('an action keeps at most MAX_KEYS keys, the newest first', () => {
  let map = defaultKeys();
  for (const key of ['j', 'k', 'l', 'u', 'i']) map = bindKey(map, 'hint', key).map;
  assert.equal(map.hint.length, MAX_KEYS);
  assert.deepEqual(map.hint, ['i', 'u', 'l', 'k']);
});

test('reserved keys and unknown actions are refused, and unbinding drops one key', () => {
  for (const key of ['Escape', 'Tab', 'Control', 'Alt', 'Meta', '']) assert.equal(bindKey(defaultKeys(), 'up', key).refused, true, key);
  assert.equal(bindKey(defaultKeys(), 'fly', 'j').refused, true);
  const map = unbindKey(defaultKeys(), 'up', 'w');
  assert.deepEqual(map.up, ['ArrowUp', 'Numpad8']);
  assert.equal(actionOf(map, 'w'), null);
});

test('a stored key map is read defensively', () => {
  assert.deepEqual(parseKeys(null), defaultKeys());
  assert.deepEqual(parseKeys('not json'), defaultKeys());
  assert.deepEqual(parseKeys('[1, 2]'), defaultKeys());
  const map = parseKeys(JSON.stringify({ up: ['j', 'j', 7, 'Escape', 'x'.repeat(40)], left: ['j', 'k'], fly: ['g'], down: [] }));
  assert.deepEqual(map.up, ['j'], 'junk, repeats and reserved keys dropped');
  assert.deepEqual(map.left, ['k'], 'a key stays with the first action that claims it');
  assert.deepEqual(map.down, [], 'an action the player emptied stays empty');
  assert.deepEqual(map.right, DEFAULT_KEYS.right, 'an action the stored map does not name gets its defaults');
  assert.equal(actionOf(map, 'g'), null);
});

test('preferences are stored and read back', () => {
  const store = memory();
  assert.deepEqual(loadPrefs(store), { keys: defaultKeys(), reducedMotion: null, muted: false, doubleTap: false });
  const keys = bindKey(defaultKeys(), 'hint', 'j').map;
  savePrefs({ keys, muted: true, reducedMotion: false, doubleTap: true }, store);
  const back = loadPrefs(store);
  assert.deepEqual(back, { keys, reducedMotion: false, muted: true, doubleTap: true });
  savePrefs({ reducedMotion: null }, store);
  assert.equal(loadPrefs(store).reducedMotion, null, 'null follows the system again');
  assert.equal(store.data.has('reducedMotion'), false);
});

test('reduced motion follows the system unless the player chose', () => {
  assert.equal(reducesMotion({ reducedMotion: null }, true), true);
  assert.equal(reducesMotion({ reducedMotion: null }, false), false);
  assert.equal(reducesMotion({ reducedMotion: false }, true), false);
  assert.equal(reducesMotion({ reducedMotion: true }, false), true);
});
