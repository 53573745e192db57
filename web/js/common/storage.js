// localStorage, guarded: private modes and full quotas must never break the game.
const PREFIX = 'mazerace.';

/** @param {string} key @returns {string | null} */
function get(key) {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** @param {string} key @param {unknown} value */
function set(key, value) {
  try {
    if (value == null) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, String(value));
  } catch {
    /* storage unavailable: keep going without it */
  }
}

export const loadName = () => get('name') || '';
/** @param {string} name */
export const saveName = (name) => set('name', name);
/** @param {string} code */
export const loadToken = (code) => get('token.' + code);
/** @param {string} code @param {string | null | undefined} token */
export const saveToken = (code, token) => set('token.' + code, token);
/**
 * A stored preference, as the string it was stored as, or `fallback`.
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @returns {string | T}
 */
export const loadPref = (key, fallback) => get('pref.' + key) ?? fallback;
/** @param {string} key @param {unknown} value */
export const savePref = (key, value) => set('pref.' + key, value);

// "Race a bot now" (lobby page) hands the room page the bot to add, once, in this tab only.
const BOT_RACE = PREFIX + 'botRace.';
/** @param {string} code @param {import('../model/wire-types.js').BotSpec} bot */
export function saveBotRace(code, bot) {
  try {
    window.sessionStorage.setItem(BOT_RACE + code, JSON.stringify(bot));
  } catch {
    /* storage unavailable: the room opens as a plain lobby */
  }
}
/**
 * The bot {kind, speed} asked for room `code`, forgotten as it is read; null if none.
 * @param {string} code
 * @returns {import('../model/wire-types.js').BotSpec | null}
 */
export function takeBotRace(code) {
  try {
    const text = window.sessionStorage.getItem(BOT_RACE + code);
    window.sessionStorage.removeItem(BOT_RACE + code);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
