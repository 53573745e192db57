// The words people read for the values the server's rules name (GET /api/rules, rules.js): labels
// only. Which values exist comes from the rules; a value with no label here is shown as itself.
import { t } from './i18n.js';
/** @type {Readonly<Record<string, string>>} */
export const METHOD_LABELS = Object.freeze({
  dfs: 'DFS (stack)',
  'dfs-recursive': 'DFS (recursive)',
  bfs: 'BFS (queue)',
  astar: 'A*',
  random: 'Random (DFS or BFS)',
});
/** @type {Readonly<Record<string, string>>} */
export const ALGORITHM_LABELS = Object.freeze({
  backtracker: 'Recursive backtracker',
  prim: 'Randomized Prim',
  kruskal: 'Kruskal',
  division: 'Recursive division',
  wilson: 'Wilson',
  'aldous-broder': 'Aldous–Broder (random walk)',
  'hunt-and-kill': 'Hunt and kill',
  'growing-tree': 'Growing tree',
  sidewinder: 'Sidewinder',
  'binary-tree': 'Binary tree',
  eller: 'Eller (row by row)',
  classic: 'Classic (random fill, loops)',
});
/**
 * Each generator in plain words: what its mazes are like. Players read these; the algorithm's name
 * (ALGORITHM_LABELS) comes second, for those who know it.
 * @type {Readonly<Record<string, string>>}
 */
export const ALGORITHM_PLAIN = Object.freeze({
  backtracker: 'Long winding corridors',
  'hunt-and-kill': 'Long winding corridors, made in sweeps',
  prim: 'Many short dead ends',
  kruskal: 'Many short dead ends, evenly spread',
  wilson: 'A fair mix of long and short ways',
  'aldous-broder': 'A fair mix, from one random walk',
  'growing-tree': 'Corridors or dead ends, as you choose',
  division: 'Long straight walls and boxy rooms',
  eller: 'Made row by row, even all over',
  sidewinder: 'An open top row, the way up always short',
  'binary-tree': 'Open top and left edges, everything leans that way',
  classic: 'Random walls, with loops and open spaces',
});
/**
 * A generator's choice in the settings: its plain words, then its name.
 * @param {string} value
 * @returns {string}
 */
export const generatorChoice = (value) =>
  ALGORITHM_PLAIN[value] && ALGORITHM_LABELS[value] ? `${ALGORITHM_PLAIN[value]} (${ALGORITHM_LABELS[value]})` : String(labelOf(ALGORITHM_LABELS, value));
/** What each hint search does, in one sentence (the methods' names stay: they are the point). */
/** @type {Readonly<Record<string, string>>} */
export const METHOD_ABOUT = Object.freeze({
  dfs: 'Follows one passage as deep as it goes, then backs up.',
  'dfs-recursive': 'The same deep search, written as a function that calls itself.',
  bfs: 'Spreads out evenly in every direction, so it finds the shortest way.',
  astar: 'Heads for the exit first, so it finds the shortest way searching less.',
  random: 'Depth first or breadth first, picked at random for each hint.',
});
/** A room's phase as the public rooms list says it. */
/** @type {Readonly<Record<string, string>>} */
export const PHASE_LABELS = Object.freeze({
  lobby: 'Waiting to start',
  countdown: 'Starting',
  racing: 'Racing',
  finished: 'Showing the results',
});
/** @type {Readonly<Record<string, string>>} */
export const BIAS_LABELS = Object.freeze({
  newest: 'Newest cell (long corridors)',
  random: 'Random cell (like Prim)',
  mixed: 'Mixed (half each)',
});
/** @type {Readonly<Record<string, string>>} */
export const DIRECTION_LABELS = Object.freeze({ 4: '4 (straight moves)', 8: '8 (diagonals too)' });
/** How much of the way a hint shows its asker (the `hint_reveal` setting). @type {Readonly<Record<string, string>>} */
/** The most steps a cut hint shows when no junction is nearer (server/maze/hint_reveal.py CUT_STEPS). */
export const HINT_CUT_STEPS = 8;
// "junction" says what the hint's sentence says when no junction is near (hint-text.js): the way on, for so many steps
export const REVEAL_LABELS = Object.freeze({ junction: t('room.setting.reveal_junction', { steps: HINT_CUT_STEPS }), whole: 'The whole way (not ranked)' });
/** @type {Readonly<Record<string, string>>} */
export const OPENING_LABELS = Object.freeze({ corners: 'Corners (top left → bottom right)', edges: 'Two random edges' });

/**
 * The label of `value`, or the value itself.
 * @param {Readonly<Record<string, string>>} labels
 * @param {string | number} value
 * @returns {string | number}
 */
export const labelOf = (labels, value) => labels[value] ?? value;

/** A preset's name as a title: "easy" -> "Easy". */
/** @param {unknown} name */
export const presetLabel = (name) => String(name).charAt(0).toUpperCase() + String(name).slice(1);

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
 * The bot kinds (docs/protocol.md, `add_bot`): a short name for the badge and one line on how each walks.
 * Labels only: which kinds exist, the names they race under and their speeds come from GET /api/rules
 * (`bots`); a kind with no label here is shown by its server name.
 */
/** @type {Readonly<Record<string, {short: string, about: string}>>} */
export const BOT_LABELS = Object.freeze({
  dfs: { short: 'DFS', about: 'Depth first with a stack: tries a passage, pushes it, and pops back at each dead end.' },
  wall: { short: 'Wall', about: 'Keeps its right hand on the wall (and marks passages once it walks in circles).' },
  tremaux: { short: 'Trémaux', about: 'Marks every passage it walks and never takes one marked twice.' },
  bfs: { short: 'BFS', about: 'Walks to each cell in the order a breadth-first search finds them: slow, and instructive.' },
  shortest: { short: 'Shortest', about: 'Knows the maze (even in fog) and walks the shortest way: its speed sets the challenge.' },
});
