// The "race explained" panel of the room's results and the replay page: pick a player, see their route
// drawn over the maze against the shortest way, their dead ends (listed and ringed on the maze), the
// first wrong turn, their hints with cost and saving, where they lost most against the winner, and a
// chart of each stretch against the winner's. Player names go in through textContent only.
import { el, safeColour, setText, show } from '../common/ui.js';
import { serverMessage, t } from '../common/i18n.js';
import { paintMaze8, showPicture } from '../render/maze8.js';
import { paintMaze } from '../render/render.js';
import { readAnalysis, summaryText, visitText, wrongTurnText, hintText, lossText } from '../model/analysis.js';
import { drawSegments, WINNER_COLOUR } from '../render/analysis-chart.js';

const SHORTEST = '#2e7d32';
const DEAD_END = '#ef6c00';
const WRONG = '#c62828';
const RETRIES = [500, 1000, 2000, 4000]; // ms: a race just over may still be on its way to the database
/** @typedef {import('../model/analysis.js').Analysis} Analysis */
/** @typedef {import('../model/analysis.js').AnalysedPlayer} AnalysedPlayer */
/**
 * The panel's element: its parts are found by class name (`.analysis-status`, ...), so it is typed
 * loosely, as `$` is.
 * @typedef {any} PanelElement
 */

/** @param {readonly number[]} cell @returns {[number, number]} */
const centre = ([r, c]) => [2 * c + 1.5, 2 * r + 1.5];

/**
 * Fetch a race's analysis into `container` (an element with the panel's markup, see buildPanel);
 * resolves to the read analysis, or null when there is none to show. `pick` is the player shown first.
 * @param {PanelElement} container
 * @param {string} raceId
 * @param {{pick?: string | null, fetcher?: (url: string) => Promise<Response>}} [options]
 * @returns {Promise<Analysis | null>}
 */
export async function loadAnalysis(container, raceId, { pick = null, fetcher = fetch } = {}) {
  const status = container.querySelector('.analysis-status');
  show(container);
  setText(status, t('analysis.working'));
  for (let attempt = 0; ; attempt++) {
    let res = null;
    let body = null;
    try {
      res = await fetcher(`/api/races/${encodeURIComponent(raceId)}/analysis`);
      body = await res.json().catch(() => null);
    } catch {
      body = null;
    }
    const code = body?.error?.code;
    if (res?.ok && body) {
      let analysis;
      try {
        analysis = readAnalysis(body);
      } catch {
        setText(status, t('analysis.unreadable'));
        return null;
      }
      if (!('players' in analysis)) {
        setText(status, t('analysis.sealed'));
        container.dataset.state = 'sealed';
        return null;
      }
      showAnalysis(container, analysis, pick);
      return analysis;
    }
    if (code === 'no_store') return show(container, false), null;
    if ((code === 'unknown_race' || code === 'rate_limited' || !res) && attempt < RETRIES.length) {
      await new Promise((done) => setTimeout(done, RETRIES[attempt]));
      continue;
    }
    setText(status, body?.error ? serverMessage(body.error).slice(0, 200) : t('analysis.none'));
    return null;
  }
}

/**
 * The room's results: show `raceId`'s analysis in `container` once (again only for another race), and
 * hand it to `loaded` (the race chart draws from it what the page was not told during the race).
 * @param {PanelElement} container
 * @param {string | null} raceId
 * @param {string | null | undefined} pick
 * @param {(analysis: Analysis) => void} [loaded]
 */
export function showRaceAnalysis(container, raceId, pick, loaded) {
  if (!container || !raceId || container.dataset.race === raceId) return;
  container.dataset.race = raceId;
  if (!container.querySelector('.analysis-status')) buildPanel(container);
  show(container.querySelector('.analysis-body'), false);
  show(container.querySelector('.analysis-status'));
  loadAnalysis(container, raceId, { pick }).then((analysis) => analysis && loaded?.(analysis));
}

/** The panel's markup, appended to `container` (which keeps its own heading). @param {PanelElement} container */
export function buildPanel(container) {
  const legend = el(
    'ul',
    { class: 'analysis-legend' },
    el('li', {}, el('span', { class: 'key', style: `background:${SHORTEST}` }), t('analysis.legend_shortest')),
    el('li', { class: 'route-key' }, el('span', { class: 'key' }), t('analysis.legend_route')),
    el('li', {}, el('span', { class: 'key ring', style: `border-color:${DEAD_END}` }), t('analysis.legend_dead_end')),
    el('li', {}, el('span', { class: 'key cross', style: `color:${WRONG}`, text: '✕', 'aria-hidden': 'true' }), t('analysis.legend_wrong_turn')),
  );
  container.append(
    el('p', { class: 'analysis-status muted', role: 'status' }),
    el(
      'div',
      { class: 'analysis-body', hidden: true },
      el('label', { class: 'field' }, el('span', { text: t('analysis.player') }), el('select', { class: 'analysis-player' })),
      el('p', { class: 'analysis-summary' }),
      el('div', { class: 'analysis-view' }, el('canvas', { class: 'analysis-map', role: 'img', 'aria-label': t('analysis.map_label') }), legend),
      el('p', { class: 'analysis-wrong' }),
      el('h3', { text: t('analysis.dead_ends') }),
      el('ol', { class: 'analysis-dead-ends' }),
      el('h3', { text: t('analysis.hints') }),
      el('ol', { class: 'analysis-hints' }),
      el('p', { class: 'analysis-loss' }),
      el(
        'p',
        { class: 'muted chart-legend' },
        el('span', { class: 'key route-swatch' }),
        ' ',
        el('span', { text: t('analysis.chart_theirs') }),
        ' ',
        el('span', { class: 'key', style: `background:${WINNER_COLOUR}` }),
        ' ',
        el('span', { text: t('analysis.chart_winners') }),
      ),
      el('canvas', { class: 'analysis-chart', role: 'img', 'aria-label': t('analysis.chart_label') }),
    ),
  );
}

/** @param {PanelElement} container @param {Analysis} analysis @param {string | null | undefined} pick */
function showAnalysis(container, analysis, pick) {
  const select = container.querySelector('.analysis-player');
  const first = analysis.players.find((p) => p.id === pick) || analysis.players.find((p) => p.id === analysis.winner) || analysis.players[0];
  if (!first) return setText(container.querySelector('.analysis-status'), t('analysis.nobody_raced'));
  select.replaceChildren(...analysis.players.map((p) => el('option', { value: p.id, text: String(p.name ?? p.id) })));
  select.value = first.id;
  select.onchange = () => drawPlayer(container, analysis, select.value);
  show(container.querySelector('.analysis-status'), false);
  show(container.querySelector('.analysis-body'));
  container.dataset.state = 'ready';
  drawPlayer(container, analysis, first.id);
}

/** @param {PanelElement} container @param {Analysis} analysis @param {string} id */
function drawPlayer(container, analysis, id) {
  const p = analysis.players.find((q) => q.id === id);
  if (!p) return;
  const q = (/** @type {string} */ name) => container.querySelector(name);
  const colour = safeColour(p.colour);
  for (const key of container.querySelectorAll('.route-key .key, .route-swatch')) key.style.background = colour;
  setText(q('.analysis-summary'), summaryText(p));
  setText(q('.analysis-wrong'), wrongTurnText(p));
  const visits = p.dead_ends || [];
  q('.analysis-dead-ends').replaceChildren(...(visits.length ? visits.map((v) => el('li', { text: visitText(v) })) : [el('li', { class: 'muted none', text: t('analysis.no_dead_ends') })]));
  const hints = p.hints || [];
  q('.analysis-hints').replaceChildren(...(hints.length ? hints.map((h) => el('li', { text: hintText(h) })) : [el('li', { class: 'muted none', text: t('analysis.no_hints') })]));
  setText(q('.analysis-loss'), lossText(p, analysis));
  drawMap(q('.analysis-map'), analysis, p);
  requestAnimationFrame(() => drawSegments(q('.analysis-chart'), p.segments || [], colour, p.biggest_loss));
  container.dataset.player = p.id;
}

/** @type {WeakMap<import('../model/maze.js').Maze, import('../render/maze8.js').MazePicture>} */
const mazeImages = new WeakMap();
/** @param {HTMLCanvasElement} canvas @param {Analysis} analysis @param {AnalysedPlayer} p */
function drawMap(canvas, analysis, p) {
  const { maze } = analysis;
  if (!mazeImages.has(maze)) mazeImages.set(maze, maze.directions === 8 ? paintMaze8(maze) : paintMaze(maze));
  const image = /** @type {import('../render/maze8.js').MazePicture} */ (mazeImages.get(maze));
  const W = 2 * maze.cols + 1;
  const H = 2 * maze.rows + 1;
  const cssW = Math.min(canvas.parentElement?.clientWidth || 320, 480);
  const unit = cssW / W;
  const ctx = showPicture(canvas, image, unit, W, H);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  /** @param {readonly (readonly number[])[]} cells @param {number} width @param {string} colour @param {number} [alpha] */
  const line = (cells, width, colour, alpha = 1) => {
    if (cells.length < 2) return;
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    cells.forEach((cell, k) => (k ? ctx.lineTo(...centre(cell)) : ctx.moveTo(...centre(cell))));
    ctx.stroke();
    ctx.globalAlpha = 1;
  };
  const thin = Math.max(0.35, 1.5 / unit);
  line(analysis.shortest, Math.max(0.9, 4 / unit), SHORTEST, 0.55);
  line(p.route, thin * 1.8, '#000', 0.5);
  line(p.route, thin, safeColour(p.colour));
  ctx.lineWidth = Math.max(0.25, 1.5 / unit);
  ctx.strokeStyle = DEAD_END;
  for (const v of p.dead_ends || []) {
    ctx.beginPath();
    ctx.arc(...centre(v.cell), Math.max(0.8, 5 / unit), 0, 2 * Math.PI);
    ctx.stroke();
  }
  const w = p.first_wrong_turn;
  if (w) {
    const [x, y] = centre(w.cell);
    const s = Math.max(0.8, 5 / unit);
    ctx.strokeStyle = WRONG;
    ctx.lineWidth = Math.max(0.3, 2 / unit);
    ctx.beginPath();
    ctx.moveTo(x - s, y - s);
    ctx.lineTo(x + s, y + s);
    ctx.moveTo(x + s, y - s);
    ctx.lineTo(x - s, y + s);
    ctx.stroke();
  }
  canvas.dataset.routeCells = String(p.route.length);
}
