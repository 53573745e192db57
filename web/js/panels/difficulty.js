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
 * The card's rows, [label, text], in the order they are shown; [] without a card.
 * @param {Partial<import('../model/wire-types.js').DifficultyCard> | null | undefined} card
 * @returns {[string, string][]}
 */
export function cardRows(card) {
  if (!card || typeof card !== 'object') return [];
  const share = typeof card.dead_end_share === 'number' && Number.isFinite(card.dead_end_share) ? `${Math.round(card.dead_end_share * 100)}%` : '–';
  return [
    ['Shortest way', card.solution_length == null ? 'none' : plural(card.solution_length, 'step', 'steps')],
    ['Shortest routes', formatCount(card.shortest_paths)],
    ['Decision points', String(card.decision_points ?? '–')],
    ['Dead ends', `${card.dead_ends ?? '–'} (${share} of cells)`],
    ['Longest dead end', plural(card.longest_dead_end ?? 0, 'step', 'steps')],
    ['Bottlenecks', String(card.bottlenecks ?? '–')],
  ];
}

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
  const head = one
    ? `The maze had one shortest route${shortest ? ` (${shortest} steps)` : ''}.`
    : `The maze had ${count} shortest routes${shortest ? ` of ${shortest} steps` : ''}.`;
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
