// The player's preferences, kept in this browser: the key map (which keys do which action), reduced
// motion (null: follow the system's prefers-reduced-motion), mute and double-tap-to-run. Pure but for
// the store it is given (storage.js's loadPref/savePref by default), so node tests pass their own.
import { loadPref, savePref } from '../common/storage.js';
import { t } from '../common/i18n.js';

/** Every action a key can do, in the order the preferences dialog lists them. */
/** A key map: each action's keys, by action id. @typedef {Record<string, string[]>} KeyMap */
/** @typedef {{keys: KeyMap, reducedMotion: boolean | null, muted: boolean, doubleTap: boolean}} Prefs */
/** Where preferences are kept (storage.js's by default). @typedef {{load(key: string, fallback: null): string | null, save(key: string, value: unknown): void}} PrefStore */

/** Every action a key can do; `label` is its words' catalogue key. @type {readonly {id: string, label: string, diagonal?: boolean}[]} */
export const ACTIONS = Object.freeze([
  { id: 'up', label: 'prefs.action.up' },
  { id: 'down', label: 'prefs.action.down' },
  { id: 'left', label: 'prefs.action.left' },
  { id: 'right', label: 'prefs.action.right' },
  { id: 'up-left', label: 'prefs.action.up_left', diagonal: true },
  { id: 'up-right', label: 'prefs.action.up_right', diagonal: true },
  { id: 'down-left', label: 'prefs.action.down_left', diagonal: true },
  { id: 'down-right', label: 'prefs.action.down_right', diagonal: true },
  { id: 'run', label: 'prefs.action.run' },
  { id: 'hint', label: 'prefs.action.hint' },
  { id: 'zoom-in', label: 'prefs.action.zoom_in' },
  { id: 'zoom-out', label: 'prefs.action.zoom_out' },
  { id: 'whole-maze', label: 'prefs.action.whole_maze' },
]);
const ACTION_IDS = new Set(ACTIONS.map((a) => a.id));
export const MAX_KEYS = 4; // keys an action keeps
const MAX_KEY_NAME = 24;

/**
 * The keys out of the box. A key is named by `keyName`: the numeric keypad's digits by position
 * (Numpad7 is up-left whatever NumLock says; with NumLock off the keypad also says Home, PageUp, End and
 * PageDown, named here too for browsers that give no position), letters in lower case.
 */
/** @type {Readonly<KeyMap>} */
export const DEFAULT_KEYS = Object.freeze({
  up: ['ArrowUp', 'w', 'Numpad8'],
  down: ['ArrowDown', 's', 'Numpad2'],
  left: ['ArrowLeft', 'a', 'Numpad4'],
  right: ['ArrowRight', 'd', 'Numpad6'],
  'up-left': ['q', 'Numpad7', 'Home'],
  'up-right': ['e', 'Numpad9', 'PageUp'],
  'down-left': ['z', 'Numpad1', 'End'],
  'down-right': ['c', 'Numpad3', 'PageDown'],
  run: ['Shift'],
  hint: ['h'],
  'zoom-in': ['+', '='],
  'zoom-out': ['-', '_'],
  'whole-maze': ['f', '0'],
});

/** Keys that keep their own job and are never bound: closing dialogs, moving focus, modifiers the
 * browser keeps for shortcuts, locks. */
export const RESERVED = Object.freeze(new Set(['Escape', 'Tab', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'CapsLock', 'NumLock', 'ScrollLock', 'ContextMenu', 'Dead', 'Unidentified', 'Process']));

/** The name a KeyboardEvent ({key, code}) is bound by. @param {{key?: unknown, code?: unknown}} event */
export function keyName({ key, code }) {
  if (typeof code === 'string' && /^Numpad\d$/.test(code)) return code;
  if (typeof key !== 'string' || !key) return '';
  if (key === ' ') return 'Space';
  return key.length === 1 ? key.toLowerCase() : key;
}

/**
 * What a key name shows as in the dialog: arrows as arrows, the keypad's digits and the space bar in
 * words, other keys as on their caps.
 * @param {string} name
 * @param {typeof t} [translate] the page's t, or another language's (tests)
 */
export function keyLabel(name, translate = t) {
  /** @type {Record<string, string>} */
  const arrows = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };
  if (arrows[name]) return arrows[name];
  if (/^Numpad\d$/.test(name)) return translate('prefs.keypad', { digit: name.slice(6) });
  if (name === 'Space') return translate('prefs.space');
  return name.length === 1 ? name.toUpperCase() : name;
}

/** A fresh copy of the default key map. @returns {KeyMap} */
export const defaultKeys = () => Object.fromEntries(ACTIONS.map((a) => [a.id, [...DEFAULT_KEYS[a.id]]]));

/**
 * A key map from whatever was stored (JSON text, or junk): known actions only, each key a short string,
 * bound once (the first action to claim it keeps it), at most MAX_KEYS an action. An action the stored
 * map does not name (one added since) gets its default keys that are still free.
 * @param {unknown} text
 * @returns {KeyMap}
 */
export function parseKeys(text) {
  let stored = null;
  try {
    stored = typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return defaultKeys();
  /** @type {KeyMap} */
  const map = {};
  /** @type {Set<string>} */
  const taken = new Set();
  const claim = (/** @type {unknown} */ keys) => {
    /** @type {string[]} */
    const out = [];
    for (const key of Array.isArray(keys) ? keys : []) {
      if (typeof key !== 'string' || !key || key.length > MAX_KEY_NAME || RESERVED.has(key) || taken.has(key)) continue;
      if (out.length >= MAX_KEYS) break;
      taken.add(key);
      out.push(key);
    }
    return out;
  };
  for (const a of ACTIONS) if (Object.hasOwn(stored, a.id)) map[a.id] = claim(stored[a.id]);
  for (const a of ACTIONS) if (!Object.hasOwn(map, a.id)) map[a.id] = claim(DEFAULT_KEYS[a.id]);
  return map;
}

/** The action a key name does in `map`, or null. @param {KeyMap} map @param {string} name */
export function actionOf(map, name) {
  if (!name) return null;
  for (const a of ACTIONS) if (map[a.id]?.includes(name)) return a.id;
  return null;
}

/**
 * Bind `name` to `action`: the key leaves whichever action had it (a conflict is resolved by moving the
 * key) and becomes the action's first key; an action keeps at most MAX_KEYS. Returns {map, from}: the
 * new map and the action the key was taken from (null if none), or the map unchanged and `refused` for a
 * reserved key or an unknown action.
 * @param {KeyMap} map
 * @param {string} action
 * @param {string} name
 * @returns {{map: KeyMap, from: string | null, refused?: boolean}}
 */
export function bindKey(map, action, name) {
  if (!ACTION_IDS.has(action) || !name || name.length > MAX_KEY_NAME || RESERVED.has(name)) return { map, from: null, refused: true };
  const from = actionOf(map, name);
  /** @type {KeyMap} */
  const next = {};
  for (const a of ACTIONS) next[a.id] = (map[a.id] || []).filter((k) => k !== name);
  next[action] = [name, ...next[action]].slice(0, MAX_KEYS);
  return { map: next, from: from === action ? null : from };
}

/** `map` without `name` on `action`. @param {KeyMap} map @param {string} action @param {string} name @returns {KeyMap} */
export function unbindKey(map, action, name) {
  return { ...map, [action]: (map[action] || []).filter((k) => k !== name) };
}

/** @type {PrefStore} */
const STORE = { load: loadPref, save: savePref };
/** @param {unknown} text */
const flag = (text) => (text === '1' ? true : text === '0' ? false : null);

/** The stored preferences: {keys, reducedMotion (true, false or null: the system's), muted, doubleTap}. */
/** @param {PrefStore} [store] @returns {Prefs} */
export function loadPrefs(store = STORE) {
  return {
    keys: parseKeys(store.load('keys', null)),
    reducedMotion: flag(store.load('reducedMotion', null)),
    muted: flag(store.load('muted', null)) === true,
    doubleTap: flag(store.load('doubleTap', null)) === true,
  };
}

/** Store one preference (`keys` as JSON, the flags as 1/0, reducedMotion null to follow the system again). */
/** @param {Partial<Prefs>} changes @param {PrefStore} [store] */
export function savePrefs(changes, store = STORE) {
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'keys') store.save('keys', JSON.stringify(value));
    else if (key === 'reducedMotion' || key === 'muted' || key === 'doubleTap') store.save(key, value == null ? null : value ? '1' : '0');
  }
}

/** Whether motion is reduced: the player's choice, else the system's prefers-reduced-motion. */
/** @param {Pick<Prefs, 'reducedMotion'>} prefs @param {unknown} systemReduces @returns {boolean} */
export const reducesMotion = (prefs, systemReduces) => prefs.reducedMotion ?? !!systemReduces;
