// The maze's difficulty card and the shortest-route line of the results (docs/protocol.md, "Difficulty
// card"). Pure formatting, plus one DOM builder that writes text only through textContent (ui.el).
import { el } from '../common/ui.js';
import { formatNumber, t } from '../common/i18n.js';
import { listText } from '../common/race-time.js';

const SAFE_DIGITS = 15; // Number.MAX_SAFE_INTEGER has 16 digits: the server sends bigger counts as strings

/**
 * A count from the wire (a number, or the decimal digits of a bigger one) as text people read.
 * @param {unknown} value
 */
export function formatCount(value) {
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(Math.round(value));
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return '–';
  const digits = value.replace(/^0+(?=\d)/, '');
  if (digits.length <= SAFE_DIGITS) return formatNumber(Number(digits));
  const mantissa = formatNumber(Number(`${digits[0]}.${digits.slice(1, 3)}`), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return t('card.about_power', { mantissa, power: String(digits.length - 1) });
}

/** @param {number} count */
const steps = (count) => t('card.steps', { count });

/**
 * The card's rows, [label, text], in the order they are shown; [] without a card. The cells every way
 * must pass show only when they tell something: in a maze without loops every cell of the shortest
 * way is one (all but the entrance and the exit), so the count would only repeat the way's length.
 * @param {Partial<import('../model/wire-types.js').DifficultyCard> | null | undefined} card
 * @returns {[string, string][]}
 */
export function cardRows(card) {
  if (!card || typeof card !== 'object') return [];
  const share = typeof card.dead_end_share === 'number' && Number.isFinite(card.dead_end_share) ? formatNumber(Math.round(card.dead_end_share * 100) / 100, { style: 'percent' }) : '–';
  const count = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : formatNumber(n));
  /** @type {[string, string][]} */
  const rows = [
    [t('card.shortest_way'), card.solution_length == null ? t('card.none') : steps(card.solution_length)],
    [t('card.shortest_ways'), formatCount(card.shortest_paths)],
    [t('card.junctions'), t('card.junctions_text', { count: count(card.decision_points) })],
    [t('card.dead_ends'), t('card.dead_ends_text', { count: count(card.dead_ends), share })],
    [t('card.longest_dead_end'), steps(card.longest_dead_end ?? 0)],
  ];
  const length = card.solution_length;
  const mustPass = card.bottlenecks;
  if (typeof length === 'number' && typeof mustPass === 'number' && mustPass < length - 1) {
    rows.push([t('card.must_pass'), t('card.must_pass_text', { cells: mustPass, way: length - 1 })]);
  }
  return rows;
}

/**
 * The results' note on the table's columns, a part each, with the class of the column it explains (a
 * small phone folds the route and efficiency columns away, and their parts of the note with them);
 * nothing before the shortest way is known.
 * @param {number | null | undefined} shortest steps of the shortest way
 * @returns {{text: string, column: string}[]}
 */
export function resultsNote(shortest) {
  if (!shortest) return [];
  return [
    { text: t('results.note', { count: shortest }), column: '' },
    { text: t('results.note_route'), column: 'route' },
    { text: t('results.note_efficiency'), column: 'efficiency' },
  ];
}

/** @param {number | null | undefined} shortest */
const oneRoute = (shortest) => (shortest ? t('results.one_route_steps', { count: shortest }) : t('results.one_route'));

/** @param {string} routes @param {number | null | undefined} shortest */
const manyRoutes = (routes, shortest) => (shortest ? t('results.many_routes_steps', { routes, count: shortest }) : t('results.many_routes', { routes }));

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
  if (!takers.length) return t('results.two_sentences', { first: head, second: t('results.route_nobody') });
  return t('results.two_sentences', { first: head, second: t('results.route_takers', { names: listText(takers.map(String)) }) });
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
  container.replaceChildren(el('h2', { text: t('card.heading') }), list);
}
