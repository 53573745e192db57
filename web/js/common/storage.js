// localStorage, guarded: private modes and full quotas must never break the game.
const PREFIX = 'mazerace.';

function get(key) {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    if (value == null) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, String(value));
  } catch {
    /* storage unavailable: keep going without it */
  }
}

export const loadName = () => get('name') || '';
export const saveName = (name) => set('name', name);
export const loadToken = (code) => get('token.' + code);
export const saveToken = (code, token) => set('token.' + code, token);
export const loadPref = (key, fallback) => get('pref.' + key) ?? fallback;
export const savePref = (key, value) => set('pref.' + key, value);

// "Race a bot now" (lobby page) hands the room page the bot to add, once, in this tab only.
const BOT_RACE = PREFIX + 'botRace.';
export function saveBotRace(code, bot) {
  try {
    window.sessionStorage.setItem(BOT_RACE + code, JSON.stringify(bot));
  } catch {
    /* storage unavailable: the room opens as a plain lobby */
  }
}
/** The bot {kind, speed} asked for room `code`, forgotten as it is read; null if none. */
export function takeBotRace(code) {
  try {
    const text = window.sessionStorage.getItem(BOT_RACE + code);
    window.sessionStorage.removeItem(BOT_RACE + code);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
