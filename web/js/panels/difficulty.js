// The maze's difficulty card and the shortest-route line of the results (docs/protocol.md, "Difficulty
// card"). Pure formatting, plus one DOM builder that writes text only through textContent (ui.el).
import { el } from '../common/ui.js';

const SAFE_DIGITS = 15; // Number.MAX_SAFE_INTEGER has 16 digits: the server sends bigger counts as strings

/**
 * A count from the wire (a number, or the decimal digits of a bigger one) as text people read.
 * @param {unknown} value
 */
export function formatCount(value) {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value).toLocaleString('en');
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return '–';
  const digits = value.replace(/^0+(?=\d)/, '');
  if (digits.length <= SAFE_DIGITS) return Number(digits).toLocaleString('en');
  return `about ${digits[0]}.${digits.slice(1, 3)} × 10^${digits.length - 1}`;
}

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * The card's rows, [label, text], in the order they are shown; [] without a card. The cells every way
 * must pass show only when they tell something: in a maze without loops every cell of the shortest
 * way is one (all but the entrance and the exit), so the count would only repeat the way's length.
 * @param {Partial<import('../model/wire-types.js').DifficultyCard> | null | undefined} card
 * @returns {[string, string][]}
 */
export function cardRows(card) {
  if (!card || typeof card !== 'object') return [];
  const share = typeof card.dead_end_share === 'number' && Number.isFinite(card.dead_end_share) ? `${Math.round(card.dead_end_share * 100)}%` : '–';
  /** @type {[string, string][]} */
  const rows = [
    ['Shortest way', card.solution_length == null ? 'none' : plural(card.solution_length, 'step', 'steps')],
    ['Shortest ways', formatCount(card.shortest_paths)],
    ['Junctions on the way', `${card.decision_points ?? '–'} (places on the shortest way with more than one way on)`],
    ['Dead ends', `${card.dead_ends ?? '–'} (${share} of the cells)`],
    ['Longest dead end', plural(card.longest_dead_end ?? 0, 'step', 'steps')],
  ];
  const length = card.solution_length;
  const mustPass = card.bottlenecks;
  if (typeof length === 'number' && typeof mustPass === 'number' && mustPass < length - 1) {
    rows.push(['Cells every way passes', `${mustPass} of the ${length - 1} on the shortest way: the rest can be gone around`]);
  }
  return rows;
}

/**
 * The results' note on the table's columns, or '' before the shortest way is known.
 * @param {number | null | undefined} shortest steps of the shortest way
 */
export function resultsNote(shortest) {
  if (!shortest) return '';
  return `The shortest way is ${shortest} steps. Route: the steps of their way from the entrance to the exit, steps walked back left out (★ as short as it can be). Efficiency: the shortest way's steps out of all the steps they took.`;
}

/** @param {number | null | undefined} shortest */
const oneRoute = (shortest) => (shortest ? `The maze had one shortest route (${shortest} steps).` : 'The maze had one shortest route.');

/** @param {string} count @param {number | null | undefined} shortest */
const manyRoutes = (count, shortest) => (shortest ? `The maze had ${count} shortest routes of ${shortest} steps.` : `The maze had ${count} shortest routes.`);

/**
 * The results' line about shortest routes: how many the maze had and who took one.
 * @param {readonly Pick<import('../model/wire-types.js').ResultRow, 'on_shortest' | 'name'>[] | null | undefined} results
 * @param {import('../model/wire-types.js').Count | null | undefined} shortestRoutes
 * @param {number | null | undefined} shortest
 */
export function shortestRouteLine(results, shortestRoutes, shortest) {
  if (shortestRoutes == null) return '';
  const count = formatCount(shortestRoutes);
  const one = shortestRoutes === 1 || shortestRoutes === '1';
  const head = one ? oneRoute(shortest) : manyRoutes(count, shortest);
  const takers = (results || []).filter((r) => r.on_shortest === true).map((r) => r.name);
  if (!takers.length) return `${head} Nobody took one.`;
  return `${head} On a shortest route: ${takers.join(', ')}.`;
}

/**
 * Fill `container` with the card as a definition list (text only); hides it without a card.
 * @param {HTMLElement | null} container
 * @param {Partial<import('../model/wire-types.js').DifficultyCard> | null | undefined} card
 */
export function renderCard(container, card) {
  if (!container) return;
  const rows = cardRows(card);
  container.hidden = rows.length === 0;
  const list = el('dl', { class: 'difficulty' });
  for (const [label, text] of rows) list.append(el('dt', { text: label }), el('dd', { text }));
  container.replaceChildren(el('h2', { text: 'This maze' }), list);
}
