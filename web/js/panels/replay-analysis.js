// The replay page's analysis parts: the "race explained" panel, the split times at the bottlenecks,
// and the director toggle (the camera follows whoever is ahead, director.js). replay.js calls
// attachAnalysis once the race is loaded and hands every new moment to `update`.
import { $, el, formatTime, show, swatch } from '../common/ui.js';
import { buildPanel, loadAnalysis } from './analysis-panel.js';
import { bottleneckRows } from '../model/analysis.js';
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
  const rows = bottleneckRows(analysis);
  if (!rows.length) return;
  const players = analysis.players;
  $('replay-bottlenecks').tHead.replaceChildren(
    el('tr', {}, el('th', { scope: 'col', text: 'Cell' }), ...players.map((p) => el('th', { scope: 'col', class: 'num' }, swatch(p.colour), String(p.name ?? p.id)))),
  );
  $('replay-bottlenecks').tBodies[0].replaceChildren(
    ...rows.map(({ cell, times }) =>
      el('tr', {}, el('th', { scope: 'row', text: `(${cell[0]}, ${cell[1]})` }), ...times.map((t) => el('td', { class: 'num', text: t == null ? '–' : formatTime(t) }))),
    ),
  );
  show('replay-splits');
}
