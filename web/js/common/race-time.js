// What a time means in MazeRace, in one place. A racer's *race time* runs from the start to reaching the
// exit; each hint adds a *hint penalty*; their sum, the *total*, is what ranks. Every page that shows a
// result (the results, the race explained, its chart, the replay) writes it with these helpers, so the
// same race reads the same everywhere: "0:14.1 (0:09.1 + 0:05.0 hints)". The terminal client has the
// same rules in server/room/race_time.py. Times are whole tenths of a second, cut (never rounded up), so
// a total is always the race time's tenths plus the penalty's. The sentences come from the catalogue
// (time.*), the figures through formatRaceTime, so a time reads the same in every language.
import { formatNumber, formatRaceTime, language, t } from './i18n.js';

/**
 * A racer's three times in ms: the race time, the hint penalty, and the total that ranks (null times
 * for a racer who did not finish). Reads a result row, a player entry or a replay's racer alike.
 * @param {{time?: number | null, penalty?: number | null, dnf?: boolean}} r
 * @returns {{race: number | null, hints: number, total: number | null}}
 */
export function raceTimes(r) {
  const race = r.dnf || r.time == null || !Number.isFinite(r.time) ? null : r.time;
  const hints = Number.isFinite(r.penalty) ? Math.max(0, /** @type {number} */ (r.penalty)) : 0;
  return { race, hints, total: race == null ? null : race + hints };
}

/**
 * A finisher's time as every table shows it: the total, then how it is made up when hints cost
 * something: "0:14.1 (0:09.1 + 0:05.0 hints)", or "0:09.1"; '–' for a racer who did not finish.
 * @param {{time?: number | null, penalty?: number | null, dnf?: boolean}} r
 */
export function resultTimeText(r) {
  const { race, hints, total } = raceTimes(r);
  if (race == null) return '–';
  if (hints <= 0) return formatRaceTime(total);
  return t('time.total_with_sum', { total: formatRaceTime(total), race: formatRaceTime(race), hints: formatRaceTime(hints) });
}

/** A duration in ms as seconds with one decimal ("3.2"), in the language's digits. @param {unknown} ms */
export function secondsText(ms) {
  return formatNumber(Math.max(0, Number(ms) || 0) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Names or words as a list, in the language's way ("Ann, Bob"; "上、右"). @param {readonly string[]} items */
export const listText = (items) => items.join(t('race.list_separator'));

const ordinals = new Intl.PluralRules(language === 'zh-CN' ? 'zh-CN' : 'en', { type: 'ordinal' });

/**
 * A place in a race as the language says it: "1st", "2nd", "3rd", "4th" in English, "第 1 名" in Chinese.
 * @param {number} n
 */
export function placeText(n) {
  const form = ordinals.select(n);
  if (form === 'one') return t('time.place_one', { place: n });
  if (form === 'two') return t('time.place_two', { place: n });
  if (form === 'few') return t('time.place_few', { place: n });
  return t('time.place_other', { place: n });
}

/**
 * A finisher's time in two parts for a table cell: the total that ranks, and how it is made up in
 * brackets ('' when hints cost nothing). The cell shows them on two lines, the total first, so a time
 * with hints never makes a table wider than a phone; read together they say what resultTimeText says.
 * @param {{time?: number | null, penalty?: number | null, dnf?: boolean}} r
 * @returns {{total: string, sum: string}}
 */
export function resultTimeParts(r) {
  const { race, hints, total } = raceTimes(r);
  if (race == null) return { total: '–', sum: '' };
  if (hints <= 0) return { total: formatRaceTime(total), sum: '' };
  return { total: formatRaceTime(total), sum: t('time.sum', { race: formatRaceTime(race), hints: formatRaceTime(hints) }) };
}
