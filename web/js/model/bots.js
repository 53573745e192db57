// Bots as the pages show them: which kinds and speeds the host may pick, the small "bot"
// badge beside a bot's name, and the speed a host typed, read and checked. Pure: no DOM, no socket.
// The kinds and the speeds come from GET /api/rules (`bots`); labels.js names each kind in the player's
// language (the server's names are English, shown only for a kind it has no words for) and says how it walks. The server checks every `add_bot` again.
import { BOT_LABELS } from '../common/labels.js';
import { t } from '../common/i18n.js';

export const DEFAULT_BOT = Object.freeze({ kind: 'dfs', speed: 5 }); // "race a bot now": a DFS bot at 5 moves/s

/** @typedef {{kind: string, name: string, about: string}} BotKind */
/** What the host may pick: the kinds, the speed bounds and the default. @typedef {{kinds: BotKind[], min: number, max: number, pick: import('./wire-types.js').BotSpec}} BotChoices */

/** A kind's words in labels.js, or null. @param {string} kind */
const labelsOf = (kind) => (Object.hasOwn(BOT_LABELS, kind) ? BOT_LABELS[kind] : null);

/**
 * A bot's name in the page's words: the server names a bot in English ("DFS bot", or "DFS bot 2" beside
 * another of its kind), and every page would otherwise show those English words; the number is kept.
 * A kind the page has no words for keeps the server's name.
 * @param {import('./wire-types.js').BotSpec | string} bot a player entry's `bot`, or a result row's kind
 * @param {string} served the name the server gave it
 */
export function botName(bot, served) {
  const kind = typeof bot === 'string' ? bot : bot?.kind;
  const words = typeof kind === 'string' ? labelsOf(kind)?.name : undefined;
  if (!words) return served;
  const number = / (\d+)$/.exec(served)?.[1];
  return number ? `${words} ${number}` : words;
}

/** @param {unknown} v @returns {v is number} */
const whole = (v) => Number.isInteger(v);

/**
 * The kinds a host may add, [{kind, name, about}] in the server's order, the speed bounds and the
 * default pick {kind, speed} (DEFAULT_BOT where the server allows it), from the rules' `bots` ({kinds,
 * names, min_speed, max_speed}); null when the rules have no well-formed `bots`.
 * @param {any} rules GET /api/rules's answer, read defensively
 * @returns {BotChoices | null}
 */
export function botChoices(rules) {
  const served = rules?.bots;
  if (!Array.isArray(served?.kinds) || !served.kinds.length) return null;
  const { min_speed: min, max_speed: max } = served;
  if (!whole(min) || !whole(max) || min > max) return null;
  const names = served.names && typeof served.names === 'object' ? served.names : {};
  const kinds = served.kinds.map(String).map((/** @type {string} */ kind) => ({ kind, name: labelsOf(kind)?.name ?? String(names[kind] ?? t('bot.unknown_name', { kind })), about: labelsOf(kind)?.about ?? '' }));
  const kind = kinds.some((/** @type {BotKind} */ k) => k.kind === DEFAULT_BOT.kind) ? DEFAULT_BOT.kind : kinds[0].kind;
  return { kinds, min, max, pick: { kind, speed: Math.min(max, Math.max(min, DEFAULT_BOT.speed)) } };
}

/**
 * The speed the host typed as whole moves a second, or an error text naming the bounds.
 * @param {unknown} text
 * @param {{min: number, max: number}} bounds
 * @returns {{speed: number, error?: undefined} | {error: string, speed?: undefined}}
 */
export function readSpeed(text, { min, max }) {
  const value = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    return { error: `A bot's speed is a whole number of moves a second from ${min} to ${max}` };
  }
  return { speed: value };
}

/** A kind's short name for the badge: "DFS" for dfs, the kind itself when it has no label. */
/** @param {string} kind */
const shortName = (kind) => BOT_LABELS[kind]?.short ?? kind;

/**
 * The badge of a player entry's `bot` ({kind, speed}) or a result row's (the kind alone): its text and
 * a longer title, or null for a person. Plain strings: the page puts them in with textContent.
 * @param {import('./wire-types.js').BotSpec | string | null | undefined | false} bot
 * @returns {{text: string, title: string} | null}
 */
export function botBadge(bot) {
  if (bot == null || bot === false) return null;
  const kind = typeof bot === 'string' ? bot : bot.kind;
  if (typeof kind !== 'string' || !kind) return null;
  const speed = typeof bot === 'object' && whole(bot.speed) ? bot.speed : null;
  const name = shortName(kind);
  return {
    text: speed == null ? `bot · ${name}` : `bot · ${name} · ${speed}/s`,
    title: speed == null ? `a ${name} bot` : `a ${name} bot, ${speed} move${speed === 1 ? '' : 's'} a second`,
  };
}
