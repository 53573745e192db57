// The front page's records: a leaderboard row and a recent race, as elements (the page fetches them).
import { el, timeCell } from '../common/ui.js';
import { dailyName, mazeWords, presetLabel } from '../common/labels.js';
import { formatDate, formatNumber, t } from '../common/i18n.js';

/** @param {string} race @param {string} label */
const replayLink = (race, label) => el('a', { href: `/replay/${encodeURIComponent(race)}`, text: t('front.lb.replay'), 'aria-label': label });

/** The maze a record was raced on, in plain words. @param {any} x a leaderboard row or a race */
function kind(x) {
  const params = { rows: x.rows, cols: x.cols, maze: mazeWords(x) };
  return x.daily ? t('front.record.maze_daily', { ...params, daily: dailyName(String(x.daily)) }) : t('front.record.maze', params);
}

/** @param {number} at */
function ago(at) {
  const ms = at < 1e11 ? at * 1000 : at; // epoch seconds or ms
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 90) return t('front.ago.now');
  if (s < 5400) return t('front.ago.minutes', { count: Math.round(s / 60) });
  if (s < 129600) return t('front.ago.hours', { count: Math.round(s / 3600) });
  return formatDate(ms);
}

/** One row of the leaderboard table. @param {any} row a leaderboard row (GET /api/leaderboard) */
export function leaderboardRow(row) {
  return el(
    'tr',
    { 'data-race': row.race },
    el('td', { class: 'rank', text: formatNumber(Number(row.place)) }),
    el('td', { class: 'name' }, el('span', { text: row.name }), el('div', { class: 'muted', text: kind(row) })),
    timeCell(row), // the total, the race time and hints under it
    el('td', { class: 'num moves', text: formatNumber(Number(row.moves)) }),
    el('td', { class: 'num', text: formatNumber(Number(row.hints)) }),
    el('td', { class: 'replay' }, replayLink(row.race, t('front.record.replay_of', { name: row.name }))),
  );
}

/** One recent race, with its replay link. @param {any} r a race (GET /api/races) */
export function recentRaceItem(r) {
  const preset = presetLabel(r.preset || '');
  const when = ago(r.ended_at);
  return el(
    'li',
    { 'data-race': r.id },
    el('span', { text: t('front.recent.race', { preset, maze: kind(r) }) }, ' · ', el('span', { class: 'muted', text: when })),
    replayLink(r.id, t('front.record.replay_recent', { preset, when })),
  );
}
