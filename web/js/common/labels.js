// The words people read for the values the server's rules name (GET /api/rules, rules.js): labels
// only. Which values exist comes from the rules; a value with no label here is shown as itself.
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
/** @type {Readonly<Record<string, string>>} */
export const BIAS_LABELS = Object.freeze({
  newest: 'Newest cell (long corridors)',
  random: 'Random cell (like Prim)',
  mixed: 'Mixed (half each)',
});
/** @type {Readonly<Record<string, string>>} */
export const DIRECTION_LABELS = Object.freeze({ 4: '4 (straight moves)', 8: '8 (diagonals too)' });
/** How much of the way a hint shows its asker (the `hint_reveal` setting). @type {Readonly<Record<string, string>>} */
export const REVEAL_LABELS = Object.freeze({ junction: 'The way to the next junction', whole: 'The whole way (not ranked)' });
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
