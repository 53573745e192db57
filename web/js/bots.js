// Bots as the pages show them (issue 12): which kinds and speeds the host may pick, the small "bot"
// badge beside a bot's name, and the speed a host typed, read and checked. Pure: no DOM, no socket.
// The kinds and speeds come from GET /api/rules (`bots`) when the server serves them, else from the
// one table in labels.js; the server checks every `add_bot` again either way.
import { BOT_KINDS, BOT_SPEEDS } from './labels.js';

export const DEFAULT_BOT = Object.freeze({ kind: 'dfs', speed: 5 }); // "race a bot now": a DFS bot at 5 moves/s

const whole = (v) => Number.isInteger(v);

/**
 * The kinds a host may add, [{kind, name, about}] in the server's order, and the speed bounds {min, max}:
 * from `rules.bots` ({kinds, names, min_speed, max_speed}) when it is there and well formed, else the
 * table in labels.js. A kind the table has no line for is offered under its server name.
 */
export function botChoices(rules) {
  const served = rules?.bots;
  const kinds = Array.isArray(served?.kinds) && served.kinds.length ? served.kinds.map(String) : Object.keys(BOT_KINDS);
  const names = served?.names && typeof served.names === 'object' ? served.names : {};
  const min = whole(served?.min_speed) ? served.min_speed : BOT_SPEEDS.min;
  const max = whole(served?.max_speed) && served.max_speed >= min ? served.max_speed : BOT_SPEEDS.max;
  return {
    kinds: kinds.map((kind) => ({
      kind,
      name: String(names[kind] ?? BOT_KINDS[kind]?.name ?? `${kind} bot`),
      about: BOT_KINDS[kind]?.about ?? '',
    })),
    min,
    max,
  };
}

/** The speed the host typed as whole moves a second, or an error text naming the bounds. */
export function readSpeed(text, { min, max }) {
  const value = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    return { error: `A bot's speed is a whole number of moves a second from ${min} to ${max}` };
  }
  return { speed: value };
}

/** A kind's short name for the badge: "DFS" for "DFS bot", the kind itself when unknown. */
const shortName = (kind) => (BOT_KINDS[kind]?.name ?? String(kind)).replace(/ bot$/, '');

/**
 * The badge of a player entry's `bot` ({kind, speed}) or a result row's (the kind alone): its text and
 * a longer title, or null for a person. Plain strings: the page puts them in with textContent.
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
