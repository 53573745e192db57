// The replay page (/replay/{id}): loads a stored race and plays it back on the canvas. The positions
// come from the pure replay model; this file only wires the controls, the DOM and the renderer.
import { formatDate, formatRaceTime, serverMessage, t, translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { decodeMaze } from '../model/maze.js';
import { Renderer } from '../render/render.js';
import { attachInput } from '../input/input.js';
import { Replay, prepareRace, sealedUntil } from '../model/replay-model.js';
import { $, bindCamera, announce, el, setText, show, swatch, usePlayerColours } from '../common/ui.js';
import { loadRules } from '../net/rules.js';
import { placeText, resultTimeText } from '../common/race-time.js';
import { distanceField } from '../model/director.js';
import { methodName } from '../model/hint-text.js';
import { botTag } from '../panels/bots-ui.js';
import { resultRows } from '../model/room-records.js';
import { attachAnalysis } from '../panels/replay-analysis.js';
import { replayTitle, showResults } from '../panels/replay-results.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

const TOAST_MS = 3000; // race ms a hint stays in the overlay
const id = (() => {
  try {
    return decodeURIComponent(location.pathname.split('/')[2] || '');
  } catch {
    return '';
  }
})();
/** @typedef {ReturnType<Replay['players']>[number]} ReplayPlayer @typedef {import('../model/replay-model.js').LoggedHint} LoggedHint */

/** @type {import('../model/replay-model.js').PreparedRace | null} */
let race = null; // prepared race
/** @type {Replay | null} */
let replay = null;
/** @type {import('../model/maze.js').Maze | null} */
let maze = null;
/** @type {Int32Array | null} steps from each cell to the exit, for where a racer stands */
let toExit = null;
/** @type {{players: ReplayPlayer[], hints: LoggedHint[]}} */
let current = { players: [], hints: [] };
let playing = false;
let speed = 1;
let lastFrame = 0;
let followId = '';
/** @type {{update(t: number, players: ReplayPlayer[]): void} | null} */
let director = null; // the analysis panel, the bottleneck splits and the director view (replay-analysis.js)
const shown = { players: '', hints: -1, toast: '' };

const scrubber = $('replay-scrubber');
const playButton = $('replay-play');
const renderer = new Renderer($('replay-canvas'), () => ({
  maze,
  players: current.players.map((p, i) => ({ ...p, label: String(i + 1) })),
  youId: null,
  follow: followId || null,
  trails: 'all',
  hints: [],
}));

/** @type {any} */ (window).mazerace_replay = Object.freeze({
  get ready() {
    return !!replay;
  },
  get duration() {
    return race ? race.duration : null;
  },
  get time() {
    return replay ? replay.t : null;
  },
  get playing() {
    return playing;
  },
  /** Where world point (x, y) (render.js units) was last drawn on the canvas, in device pixels. */
  canvasPoint: (/** @type {number} */ x, /** @type {number} */ y) => renderer.canvasPoint(x, y),
  /** The positions on screen now, {id: [r, c]}. */
  positions: () => (replay ? replay.positions() : null),
  /** {id: [r, c]} at race time t, computed afresh from the log. */
  positionsAt: (/** @type {number} */ t) => (race ? new Replay(race).seek(t).positions() : null),
  /** Everything at race time t: players (cell, facing, trail, moves, hints, finished) and hints so far. @param {number} t */
  stateAt(t) {
    if (!race) return null;
    const r = new Replay(race).seek(t);
    const players = r.players().map(({ result, trail, cell, ...p }) => ({ ...p, cell: [...cell], trail: trail.map((x) => [...x]) }));
    return { t: r.t, players, hints: r.hints.map((h) => ({ ...h })) };
  },
});

// ---- the clock ----
/** The loaded race and its player: the clock and the side panel run only once a race is loaded. */
const ready = () => ({ replay: /** @type {Replay} */ (replay), race: /** @type {import('../model/replay-model.js').PreparedRace} */ (race) });

/** @param {number} at */
function seek(at) {
  const { replay, race } = ready();
  replay.seek(at);
  current = { players: replay.players(), hints: replay.hints };
  director?.update(replay.t, current.players);
  scrubber.value = String(Math.round(replay.t));
  setText('replay-time', t('replay.clock', { time: formatRaceTime(replay.t), duration: formatRaceTime(race.duration) }));
  updateSide();
  renderer.invalidate();
}

/** @param {boolean} on */
function setPlaying(on) {
  const { replay, race } = ready();
  playing = on;
  setText(playButton, on ? t('replay.pause') : t('replay.play'));
  playButton.setAttribute('aria-pressed', String(on));
  if (!on) return;
  if (replay.t >= race.duration) seek(0);
  lastFrame = 0;
  requestAnimationFrame(frame);
}

/** @param {number} now */
function frame(now) {
  if (!playing) return;
  const { replay, race } = ready();
  const dt = lastFrame ? Math.min(250, now - lastFrame) : 0;
  lastFrame = now;
  seek(replay.t + dt * speed);
  if (replay.t >= race.duration) setPlaying(false);
  else requestAnimationFrame(frame);
}

// ---- the side panel: players, hints so far, the hint overlay ----
/** @param {LoggedHint} h */
const hintText = (h) => {
  const params = { name: String(h.name ?? ''), method: methodName(h.method) };
  return h.found ? t('replay.hint_found', params) : t('replay.hint_back', params);
};

/** Where a racer is: place and time once home (as the results write it), else how far from the exit.
 * @param {ReplayPlayer} p @param {boolean} over whether the replay reached the race's end */
function standing(p, over) {
  const r = p.result;
  if (p.finished) {
    if (!r || r.dnf) return t('replay.finished');
    return r.rank ? t('replay.finished_place', { place: placeText(r.rank), time: resultTimeText(r) }) : t('replay.finished_time', { time: resultTimeText(r) });
  }
  if (over && p.result?.dnf) return t('replay.did_not_finish');
  const left = toExit && maze ? toExit[p.cell[0] * maze.cols + p.cell[1]] : -1;
  return left > 0 ? t('replay.steps_left', { count: left }) : t('replay.racing');
}

function updateSide() {
  const { replay, race } = ready();
  const rows = current.players.map((p) => {
    const status = standing(p, replay.t >= race.duration);
    return /** @type {[ReplayPlayer, string]} */ ([p, t('replay.player_line', { moves: p.moves, hints: p.hints, status })]);
  });
  const key = rows.map(([p, text]) => p.id + text).join('|');
  if (key !== shown.players) {
    shown.players = key;
    $('replay-players').replaceChildren(
      ...rows.map(([p, text], i) =>
        el('li', { 'data-player-id': p.id }, swatch(p.colour), el('span', { class: 'name', text: t('replay.player_name', { number: i + 1, name: p.name }) }), botTag(p.result?.bot), el('span', { class: 'status muted', text })),
      ),
    );
  }
  const hints = current.hints;
  if (hints.length !== shown.hints) {
    if (playing && hints.length > shown.hints) announce(hintText(hints[hints.length - 1]));
    shown.hints = hints.length;
    $('replay-hints').replaceChildren(
      ...hints.map((h) => el('li', { 'data-player-id': h.id }, el('span', { class: 'muted', text: formatRaceTime(h.t) }), ' ', swatch(h.colour), hintText(h))),
    );
    show('replay-hints-empty', !hints.length);
  }
  const last = hints[hints.length - 1];
  const toast = last && replay.t - last.t < TOAST_MS ? hintText(last) : '';
  if (toast !== shown.toast) {
    shown.toast = toast;
    setText('replay-toast', toast);
    show('replay-toast', !!toast);
  }
}

// ---- controls ----
playButton.addEventListener('click', () => replay && setPlaying(!playing));
$('replay-speed').addEventListener('change', (/** @type {Event} */ e) => (speed = Number(/** @type {HTMLSelectElement} */ (e.target).value) || 1));
const scrub = () => replay && seek(Number(scrubber.value));
scrubber.addEventListener('input', scrub);
scrubber.addEventListener('change', scrub);
scrubber.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
  // step="1" keeps every ms reachable; the arrow keys move a second instead of a millisecond.
  /** @type {Record<string, number>} */
  const steps = { ArrowLeft: -1000, ArrowDown: -1000, ArrowRight: 1000, ArrowUp: 1000 };
  const d = steps[e.key];
  if (d && replay) {
    e.preventDefault();
    seek(replay.t + d);
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key !== ' ' || e.ctrlKey || e.metaKey || e.altKey || !replay) return;
  if (/^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(/** @type {HTMLElement} */ (e.target).tagName || '')) return;
  e.preventDefault();
  setPlaying(!playing);
});
bindCamera(renderer, $('replay-follow'), (id) => {
  followId = id;
});
attachInput(
  { canvas: $('replay-canvas'), pick: () => null },
  { active: () => false, hint() {}, zoom: (f, x, y) => renderer.zoomBy(f, x, y), pan: (dx, dy) => renderer.panBy(dx, dy) },
);

// ---- loading ----
/** @param {string} text */
function fail(text) {
  // Said once, in the page's status card (a live region, so it is read out too).
  $('replay-main').dataset.state = 'error';
  setText('replay-status', text);
}

// A daily race of a day not over yet: its maze and log are kept back, so nobody learns the route first.
/** @param {any} data @param {number} opens */
function sealed(data, opens) {
  const when = new Date(opens);
  const text = t('replay.sealed', { day: String(data.daily), opens: formatDate(when, { dateStyle: 'medium', timeStyle: 'short' }) });
  $('replay-main').dataset.state = 'sealed';
  $('replay-main').dataset.opens = String(opens);
  setText('replay-status', text);
  setText('replay-title', t('replay.title_daily', { day: String(data.daily) }));
  showResults(id, data);
}

async function load() {
  if (!id) return fail(t('replay.no_id'));
  let res;
  let data = null;
  // the players' numbers come from the server's palette (read beside the race); without it, colour alone
  const palette = loadRules().then((rules) => usePlayerColours(rules.palette)).catch(() => {});
  try {
    res = await fetch(`/api/races/${encodeURIComponent(id)}`);
    data = await res.json().catch(() => null);
    await palette;
  } catch {
    return fail(t('replay.unreachable'));
  }
  if (!res.ok || !data) {
    const code = data?.error?.code;
    if (code === 'unknown_race' || res.status === 404) return fail(t('replay.unknown_race', { id }));
    if (code === 'no_store') return fail(t('replay.no_store'));
    return fail(data?.error ? serverMessage(data.error) : t('replay.status', { status: String(res.status) }));
  }
  data.results = resultRows(data.results);
  const opens = sealedUntil(data);
  if (opens != null) return sealed(data, opens);
  /** @type {import('../model/maze.js').Maze} */
  let readMaze;
  /** @type {import('../model/replay-model.js').PreparedRace} */
  let readRace;
  try {
    maze = readMaze = decodeMaze(data.maze);
    toExit = distanceField(readMaze);
    race = readRace = prepareRace(data);
    replay = new Replay(race);
  } catch {
    return fail(t('replay.unreadable'));
  }
  const s = data.settings || {};
  const title = replayTitle(s, readMaze, data.daily);
  setText('replay-title', title);
  document.title = t('replay.page_title_race', { title });
  scrubber.max = String(Math.ceil(readRace.duration));
  speed = Number($('replay-speed').value) || 1; // the browser may have restored the select
  $('replay-follow').replaceChildren(
    el('option', { value: '', text: t('replay.follow_nobody') }),
    ...readRace.players.map((p) => el('option', { value: p.id, text: p.name })),
  );
  show('replay-status', false);
  show('replay-panel');
  showResults(id, data);
  renderer.setMaze(maze);
  director = attachAnalysis({ raceId: id, maze: readMaze, follow: (who) => ((followId = who), renderer.recentre()) });
  seek(0);
  $('replay-main').dataset.state = 'ready';
}
load();
