// A published maze's page (/m/{code}): the maze drawn whole, its title, author, the author's clear-check
// time and size, its card, its own best times and how often it was raced, and the ways on: race it
// (a new room on this maze, as the front page's Create makes one), edit a copy in the editor, copy the
// link. Everything comes from GET /api/mazes/{code}; the title and names go in as text only.
import { formatNumber, formatRaceTime, t, translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { $, el, message, setText, show, timeCell } from '../common/ui.js';
import { api, goToRoom, problem } from '../net/api.js';
import { decodeMaze } from '../model/maze.js';
import { mazeUrl, parseMazeCode } from '../model/share-code.js';
import { MazePicture } from '../render/maze-picture.js';
import { mazeFactList } from '../panels/maze-facts.js';
import { nameToRace } from '../common/player-name.js';
import { loadName } from '../common/storage.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

const code = parseMazeCode(location.pathname);
const picture = new MazePicture($('maze-canvas'));
/** @type {import('../model/wire-types.js').Cell[] | null} */
let way = null;

/** The page's state for tests and tools: 'loading', 'ready' or 'failed'. @param {string} state */
const setState = (state) => ($('maze-main').dataset.state = state);

/** @param {string} text */
function fail(text) {
  setText('maze-status', text);
  show('maze-status');
  show('maze-panel', false);
  setState('failed');
}

/** The size in plain words, with "8 directions" when racers may move diagonally. @param {any} wire */
function sizeText(wire) {
  const size = t('maze_page.size', { rows: wire.rows, cols: wire.cols });
  return wire.directions === 8 ? `${size} · ${t('settings.summary.eight')}` : size;
}

/** One row of the maze's board. @param {any} row a leaderboard row (GET /api/mazes/{code}) */
function boardRow(row) {
  const name = String(row.name ?? '');
  return el(
    'tr',
    { 'data-race': row.race },
    el('td', { class: 'rank', text: formatNumber(Number(row.place)) }),
    el('td', { class: 'name', text: name }),
    timeCell(row),
    el('td', { class: 'num', text: formatNumber(Number(row.moves)) }),
    el('td', { class: 'num', text: formatNumber(Number(row.hints)) }),
    el('td', {}, row.race ? el('a', { href: `/replay/${encodeURIComponent(row.race)}`, text: t('front.lb.replay'), 'aria-label': t('front.record.replay_of', { name }) }) : null),
  );
}

/** @param {any} data GET /api/mazes/{code}'s answer */
function showMaze(data) {
  const maze = decodeMaze(data.maze);
  const title = String(data.title ?? '');
  setText('maze-title', title);
  document.title = t('maze_page.title_of', { title });
  setText('maze-byline', t('maze_page.byline', { author: String(data.author ?? ''), size: sizeText(data.maze) }));
  setText('maze-clear', t('maze_page.clear', { time: formatRaceTime(Number(data.clear_ms)) }));
  const races = Number(data.races) || 0;
  setText('maze-races', races ? t('maze_page.races', { count: races }) : t('maze_page.not_raced'));
  $('maze-races').dataset.races = String(races);
  $('maze-facts').replaceChildren(mazeFactList(data.card));
  const rows = Array.isArray(data.leaderboard) ? data.leaderboard : [];
  $('maze-board-rows').replaceChildren(...rows.map(boardRow));
  show('maze-board-empty', !rows.length);
  way = Array.isArray(data.shortest_way) ? data.shortest_way : null;
  $('show-way').disabled = !way;
  show('maze-status', false);
  show('maze-panel');
  picture.setMaze(maze); // once shown: the picture fits the width its card has
  picture.showWay($('show-way').checked ? way : null);
  setState('ready');
}

async function load() {
  if (!code) return fail(t('maze_page.gone'));
  $('edit-copy').href = `/editor?from=${encodeURIComponent(code)}`;
  try {
    const res = await api(`/api/mazes/${encodeURIComponent(code)}`);
    if (res.status === 404) return fail(t('maze_page.gone'));
    if (!res.ok || !res.body?.maze) return fail(problem(res));
    showMaze(res.body);
  } catch {
    fail(t('front.error.unreachable'));
  }
}

$('show-way').addEventListener('change', () => picture.showWay($('show-way').checked ? way : null));

$('name').value = loadName();
$('race-here').addEventListener('click', async () => {
  // the name typed, or one the game picks (written into the field): the room page then joins at once
  if (nameToRace($('name')) === null) return;
  const button = $('race-here');
  button.disabled = true;
  try {
    const res = await api('/api/rooms', { method: 'POST', body: JSON.stringify({ maze: code }) });
    if (!res.ok || !res.body?.code) {
      message(problem(res));
      return;
    }
    goToRoom(res);
  } catch {
    message(t('front.error.unreachable'));
  } finally {
    button.disabled = false;
  }
});

$('copy-maze-link').addEventListener('click', async () => {
  const link = new URL(mazeUrl(String(code)), location.href).href;
  try {
    await navigator.clipboard.writeText(link);
    message(t('lobby.link_copied'), 'info', 2000);
  } catch {
    message(link, 'info', 6000); // no clipboard here (an insecure origin, a refusal): show it to copy by hand
  }
});

load();
