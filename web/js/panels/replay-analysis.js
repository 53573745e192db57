// The replay page's analysis parts: the "race explained" panel, the split times on the way to the exit,
// and the director toggle (the camera follows whoever is ahead, director.js). replay.js calls
// attachAnalysis once the race is loaded and hands every new moment to `update`.
import { $, el, show, swatch } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { buildPanel, loadAnalysis } from './analysis-panel.js';
import { splitRows } from '../model/analysis.js';
import { Director, distanceField } from '../model/director.js';

/**
 * follow(id): point the camera at a player (the page's own follow). Returns {update(t, players)}.
 * @param {{raceId: string, maze: import('../model/maze.js').Maze, follow: (id: string) => void}} parts
 * @returns {{update(t: number, players: import('../model/director.js').Followed[]): void}}
 */
export function attachAnalysis({ raceId, maze, follow }) {
  const panel = $('replay-analysis');
  buildPanel(panel);
  loadAnalysis(panel, raceId).then((analysis) => analysis && showSplits(analysis));
  const toggle = $('replay-director');
  const select = $('replay-follow');
  /** @type {Director | null} */
  let director = null;
  /** @type {string | null} */
  let last = null;
  toggle.addEventListener('change', () => {
    director = toggle.checked ? new Director(distanceField(maze), maze.cols) : null;
    last = null;
  });
  select.addEventListener('change', () => {
    // a player picked by hand: the director steps back
    toggle.checked = false;
    director = null;
  });
  return {
    update(t, players) {
      if (!director) return;
      const id = director.pick(t, players);
      if (id && id !== last) {
        last = id;
        select.value = id;
        follow(id);
      }
    },
  };
}

/** @param {import('../model/analysis.js').Analysis} analysis */
function showSplits(analysis) {
  const rows = splitRows(analysis);
  if (!rows.length) return;
  const players = analysis.players;
  $('replay-split-table').tHead.replaceChildren(
    el('tr', {}, el('th', { scope: 'col', text: t('analysis.split_where') }), ...players.map((p) => el('th', { scope: 'col', class: 'num' }, swatch(p.colour), String(p.name ?? p.id)))),
  );
  $('replay-split-table').tBodies[0].replaceChildren(
    ...rows.map(({ label, times }) => el('tr', {}, el('th', { scope: 'row', text: label }), ...times.map((text) => el('td', { class: 'num', text })))),
  );
  show('replay-splits');
}
