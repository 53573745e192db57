// What the replay page shows of a stored race besides its playback: the title in the header (preset,
// size, generator, 8 directions, the daily maze's day) and the results table under the board.
import { formatNumber, t } from '../common/i18n.js';
import { mazeWords, presetWithSize } from '../common/labels.js';
import { $, el, setText, show, swatch, timeCell } from '../common/ui.js';
import { renderCard, shortestRouteLine } from './difficulty.js';
import { botTag } from './bots-ui.js';
import { ghostButton } from './ghost-button.js';

/**
 * The race's title in the header: its preset, size and what its maze was like (in the settings' plain
 * words; a published maze is hand-made, whatever generator the room had picked before), with 8
 * directions and the daily maze's day when they apply (one whole message for each case).
 * @param {any} s the race's settings
 * @param {import('../model/maze.js').Maze} maze
 * @param {string | null | undefined} daily
 */
export function replayTitle(s, maze, daily) {
  const params = {
    size: s.preset ? presetWithSize(s.preset, maze.rows, maze.cols) : t('replay.size', { rows: maze.rows, cols: maze.cols }),
    generator: mazeWords(s),
    day: String(daily ?? ''),
  };
  const eight = maze.directions === 8;
  if (daily) return eight ? t('replay.title_eight_daily', params) : t('replay.title_daily_race', params);
  return eight ? t('replay.title_eight', params) : t('replay.title', params);
}

/**
 * The results table, the note on the shortest route and the maze's difficulty card, shown.
 * @param {string} raceId the race's id (each row's "race this ghost" button)
 * @param {any} data the stored race (GET /api/races/{id})
 */
export function showResults(raceId, data) {
  /** @type {import('../model/wire-types.js').ResultRow[]} */
  const results = [...(data.results || [])].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  $('replay-results-body').replaceChildren(
    ...results.map((r) =>
      el(
        'tr',
        { 'data-player-id': r.id },
        el('td', { class: 'rank', text: r.dnf ? t('race.dnf') : r.rank == null ? '' : formatNumber(r.rank) }),
        // "Race this ghost" under the name: a column of its own made the table wider than a phone
        el('td', { class: 'name' }, swatch(r.colour), String(r.name ?? ''), botTag(r.bot), r.dnf ? null : el('div', { class: 'ghost-action' }, ghostButton(raceId, r))),
        timeCell(r),
        el('td', { class: 'num', text: r.moves == null ? '–' : formatNumber(r.moves) }),
        el('td', { class: 'num', text: formatNumber(r.hints ?? 0) }),
        el('td', { class: 'num', text: r.efficiency != null ? formatNumber(Math.round(r.efficiency * 100) / 100, { style: 'percent' }) : '–' }),
      ),
    ),
  );
  setText('replay-note', data.shortest ? t('replay.note', { count: data.shortest }) : '');
  setText('replay-routes', shortestRouteLine(results, data.shortest_routes, data.shortest));
  renderCard($('replay-difficulty'), data.difficulty);
  show('replay-results-panel');
}
