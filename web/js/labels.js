// The words people read for the values the server's rules name (GET /api/rules, rules.js): labels
// only. Which values exist comes from the rules; a value with no label here is shown as itself.
export const METHOD_LABELS = Object.freeze({
  dfs: 'DFS (stack)',
  'dfs-recursive': 'DFS (recursive)',
  bfs: 'BFS (queue)',
  astar: 'A*',
  random: 'Random (DFS or BFS)',
});
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
export const BIAS_LABELS = Object.freeze({
  newest: 'Newest cell (long corridors)',
  random: 'Random cell (like Prim)',
  mixed: 'Mixed (half each)',
});
export const DIRECTION_LABELS = Object.freeze({ 4: '4 (straight moves)', 8: '8 (diagonals too)' });
export const OPENING_LABELS = Object.freeze({ corners: 'Corners (top left → bottom right)', edges: 'Two random edges' });

/** The label of `value`, or the value itself. */
export const labelOf = (labels, value) => labels[value] ?? value;

/** A preset's name as a title: "easy" -> "Easy". */
export const presetLabel = (name) => String(name).charAt(0).toUpperCase() + String(name).slice(1);

/** The server's `values` as [value, label] pairs: the labelled ones in the order of `labels`, then the rest. */
export function labelled(values, labels) {
  const known = Object.keys(labels);
  const rank = (v) => (known.includes(String(v)) ? known.indexOf(String(v)) : known.length);
  return [...values].sort((a, b) => rank(a) - rank(b)).map((v) => [v, labelOf(labels, v)]);
}
