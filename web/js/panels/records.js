// The front page's records: a leaderboard row and a recent race, as elements (the page fetches them).
import { el, timeCell } from '../common/ui.js';
import { ALGORITHM_PLAIN, labelOf, presetLabel } from '../common/labels.js';

/** @param {string} race @param {string} label */
const replayLink = (race, label) => el('a', { href: `/replay/${encodeURIComponent(race)}`, text: 'Replay', 'aria-label': label });
/** The maze a record was raced on, in plain words. @param {any} x a leaderboard row or a race */
const kind = (x) => `${x.rows} × ${x.cols} · ${labelOf(ALGORITHM_PLAIN, x.algorithm || '')}${dailyOf(x)}`;
/** @param {any} x */
const dailyOf = (x) => (x.daily ? ` · the maze of ${x.daily}` : '');

/** @param {number} at */
function ago(at) {
  const ms = at < 1e11 ? at * 1000 : at; // epoch seconds or ms
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 90) return 'just now';
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/** One row of the leaderboard table. @param {any} row a leaderboard row (GET /api/leaderboard) */
export function leaderboardRow(row) {
  return el(
    'tr',
    { 'data-race': row.race },
    el('td', { class: 'rank', text: String(row.place) }),
    el('td', { class: 'name' }, el('span', { text: row.name }), el('div', { class: 'muted', text: kind(row) })),
    timeCell(row), // the total, the race time and hints under it
    el('td', { class: 'num', text: String(row.moves) }),
    el('td', { class: 'num', text: String(row.hints) }),
    el('td', {}, replayLink(row.race, `Replay of ${row.name}'s race`)),
  );
}

/** One recent race, with its replay link. @param {any} r a race (GET /api/races) */
export function recentRaceItem(r) {
  return el(
    'li',
    { 'data-race': r.id },
    el('span', { text: `${presetLabel(r.preset || '')} · ${kind(r)}` }, el('span', { class: 'muted', text: ` · ${ago(r.ended_at)}` })),
    replayLink(r.id, `Replay of the ${presetLabel(r.preset || '')} race ${ago(r.ended_at)}`),
  );
}
