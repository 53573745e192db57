// The words people read for the values the server's rules name (GET /api/rules, rules.js), in the
// player's language: each table maps a value to its catalogue message (web/i18n/<lang>.json), looked up
// once when the page loads. Which values exist comes from the rules; a value with no label here is
// shown as itself.
import { formatDate, t } from './i18n.js';

/**
 * A table of the catalogue's messages by value, from value -> key.
 * @param {Record<string, string>} keys
 * @returns {Readonly<Record<string, string>>}
 */
const messages = (keys) => Object.freeze(Object.fromEntries(Object.entries(keys).map(([value, key]) => [value, t(key)])));

/** @type {Readonly<Record<string, string>>} */
export const METHOD_LABELS = messages({
  dfs: 'method.dfs',
  'dfs-recursive': 'method.dfs_recursive',
  bfs: 'method.bfs',
  astar: 'method.astar',
  random: 'method.random',
});
/** @type {Readonly<Record<string, string>>} */
export const ALGORITHM_LABELS = messages({
  backtracker: 'algorithm.backtracker',
  prim: 'algorithm.prim',
  kruskal: 'algorithm.kruskal',
  division: 'algorithm.division',
  wilson: 'algorithm.wilson',
  'aldous-broder': 'algorithm.aldous_broder',
  'hunt-and-kill': 'algorithm.hunt_and_kill',
  'growing-tree': 'algorithm.growing_tree',
  sidewinder: 'algorithm.sidewinder',
  'binary-tree': 'algorithm.binary_tree',
  eller: 'algorithm.eller',
  classic: 'algorithm.classic',
});
/**
 * Each generator in plain words: what its mazes are like. Players read these; the algorithm's name
 * (ALGORITHM_LABELS) comes second, for those who know it.
 * @type {Readonly<Record<string, string>>}
 */
export const ALGORITHM_PLAIN = messages({
  backtracker: 'algorithm.backtracker.plain',
  'hunt-and-kill': 'algorithm.hunt_and_kill.plain',
  prim: 'algorithm.prim.plain',
  kruskal: 'algorithm.kruskal.plain',
  wilson: 'algorithm.wilson.plain',
  'aldous-broder': 'algorithm.aldous_broder.plain',
  'growing-tree': 'algorithm.growing_tree.plain',
  division: 'algorithm.division.plain',
  eller: 'algorithm.eller.plain',
  sidewinder: 'algorithm.sidewinder.plain',
  'binary-tree': 'algorithm.binary_tree.plain',
  classic: 'algorithm.classic.plain',
});
/**
 * A generator's choice in the settings: its plain words, then its name.
 * @param {string} value
 * @returns {string}
 */
export const generatorChoice = (value) =>
  ALGORITHM_PLAIN[value] && ALGORITHM_LABELS[value] ? t('settings.algorithm_choice', { plain: ALGORITHM_PLAIN[value], name: ALGORITHM_LABELS[value] }) : String(labelOf(ALGORITHM_LABELS, value));
/** What each hint search does, in one sentence (the methods' names stay: they are the point). */
/** @type {Readonly<Record<string, string>>} */
export const METHOD_ABOUT = messages({
  dfs: 'method.dfs.about',
  'dfs-recursive': 'method.dfs_recursive.about',
  bfs: 'method.bfs.about',
  astar: 'method.astar.about',
  random: 'method.random.about',
});
/** A room's phase as the public rooms list says it. */
/** @type {Readonly<Record<string, string>>} */
export const PHASE_LABELS = messages({
  lobby: 'front.phase.lobby',
  countdown: 'front.phase.countdown',
  racing: 'front.phase.racing',
  finished: 'front.phase.finished',
});
/** @type {Readonly<Record<string, string>>} */
export const BIAS_LABELS = messages({
  newest: 'settings.grow.newest',
  random: 'settings.grow.random',
  mixed: 'settings.grow.mixed',
});
/** The growing-tree bias in a settings summary, in a word or two. @type {Readonly<Record<string, string>>} */
export const BIAS_SHORT = messages({
  newest: 'settings.summary.bias.newest',
  random: 'settings.summary.bias.random',
  mixed: 'settings.summary.bias.mixed',
});
/** @type {Readonly<Record<string, string>>} */
export const DIRECTION_LABELS = messages({ 4: 'settings.direction.four', 8: 'settings.direction.eight' });
/** How much of the way a hint shows its asker (the `hint_reveal` setting). @type {Readonly<Record<string, string>>} */
export const REVEAL_LABELS = messages({ junction: 'settings.reveal.junction', whole: 'settings.reveal.whole' });
/** @type {Readonly<Record<string, string>>} */
export const OPENING_LABELS = messages({ corners: 'settings.opening.corners', edges: 'settings.opening.edges' });
/** The presets' names ("custom" is the form's own choice of rows and columns). @type {Readonly<Record<string, string>>} */
export const PRESET_LABELS = messages({
  easy: 'settings.preset.easy',
  medium: 'settings.preset.medium',
  hard: 'settings.preset.hard',
  custom: 'settings.preset.custom',
});

/**
 * The label of `value`, or the value itself.
 * @param {Readonly<Record<string, string>>} labels
 * @param {string | number} value
 * @returns {string | number}
 */
export const labelOf = (labels, value) => (Object.hasOwn(labels, value) ? labels[value] : value);

/** The generator that takes a bias (docs/protocol.md, "Settings"). */
export const BIASED = 'growing-tree';

/**
 * What a maze is like, in plain words: a published one (`maze`, its code) is hand-made, whatever
 * generator its room had picked before; growing tree's with its bias, which decides its shape.
 * @param {{algorithm?: string, bias?: string, maze?: string | null}} s a room's or a race's settings or summary
 */
export function mazeWords(s) {
  if (s.maze) return t('common.hand_made');
  const plain = String(labelOf(ALGORITHM_PLAIN, s.algorithm || ''));
  if (s.algorithm !== BIASED || !s.bias) return plain;
  return t('settings.summary.maze_bias', { maze: plain, bias: String(labelOf(BIAS_SHORT, s.bias)) });
}

/** A preset's name: "easy" -> "Easy" (简单); a preset this client has no word for, as itself. */
/** @param {unknown} name */
export const presetLabel = (name) => String(labelOf(PRESET_LABELS, String(name)));

/** A room's time limit in its settings' summary, as m:ss ('' for none given). @param {unknown} seconds */
export function timeLimitText(seconds) {
  if (!Number.isFinite(seconds)) return '';
  const whole = Math.round(Number(seconds));
  return t('settings.summary.time_limit', { time: `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}` });
}

/**
 * A preset's name with its size: "Easy 10 × 10".
 * @param {string} preset @param {number} rows @param {number} cols
 */
export const presetWithSize = (preset, rows, cols) => t('settings.preset_size', { preset: presetLabel(preset), rows, cols });

/**
 * The daily maze of a UTC day ("2026-03-05") by its name: "the maze of Mar 5, 2026".
 * @param {string} day
 */
export function dailyName(day) {
  const when = new Date(`${day}T00:00:00Z`);
  return t('daily.maze_of', { date: Number.isNaN(when.getTime()) ? day : formatDate(when, { dateStyle: 'medium', timeZone: 'UTC' }) });
}

/**
 * The server's `values` as [value, label] pairs: the labelled ones in the order of `labels`, then the rest.
 * @param {Iterable<string | number>} values
 * @param {Readonly<Record<string, string>>} labels
 * @returns {[string | number, string | number][]}
 */
export function labelled(values, labels) {
  const known = Object.keys(labels);
  const rank = (/** @type {string | number} */ v) => (known.includes(String(v)) ? known.indexOf(String(v)) : known.length);
  return [...values].sort((a, b) => rank(a) - rank(b)).map((v) => [v, labelOf(labels, v)]);
}

/**
 * The bot kinds (docs/protocol.md, `add_bot`): the name a kind races under, a short name for the badge
 * and one line on how each walks. Which kinds exist and their speeds come from GET /api/rules (`bots`),
 * whose names are English; a kind with no label here is shown by its server name.
 */
/** @type {Readonly<Record<string, {name: string, short: string, about: string}>>} */
export const BOT_LABELS = Object.freeze({
  dfs: { name: t('bot.dfs.name'), short: t('bot.dfs.short'), about: t('bot.dfs.about') },
  wall: { name: t('bot.wall.name'), short: t('bot.wall.short'), about: t('bot.wall.about') },
  tremaux: { name: t('bot.tremaux.name'), short: t('bot.tremaux.short'), about: t('bot.tremaux.about') },
  bfs: { name: t('bot.bfs.name'), short: t('bot.bfs.short'), about: t('bot.bfs.about') },
  shortest: { name: t('bot.shortest.name'), short: t('bot.shortest.short'), about: t('bot.shortest.about') },
});
