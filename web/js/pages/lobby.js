// The lobby page: create a room, join one by code or link, list public rooms; the daily maze, the
// leaderboard and recent races (these two need the server's database: hidden without one).
import { $, el, formatTime, message, setText, show } from '../common/ui.js';
import { buildSettingsFields, readSettings, writeSettings } from '../panels/settings.js';
import { defaultSettings, loadRules } from '../net/rules.js';
import { ALGORITHM_LABELS, labelled, presetLabel } from '../common/labels.js';
import { loadName, saveName } from '../common/storage.js';
import { leaderboardRow, recentRaceItem } from '../panels/records.js';

const REFRESH_MS = 4000;
const nameInput = $('name');
nameInput.value = loadName();
nameInput.addEventListener('change', () => saveName(nameInput.value.trim()));

const createForm = $('create-form');
const createButton = createForm.querySelector('button[type=submit]');
createButton.disabled = true; // until the form is built from the server's rules
loadRules()
  .then((rules) => {
    buildSettingsFields($('create-fields'), rules);
    writeSettings(createForm, defaultSettings(rules));
    createButton.disabled = false;
    buildDailyButtons(rules.presets);
    buildLeaderboardFilters(rules.settings);
  })
  .catch(() => message('Could not load the room rules from the server: reload the page', 'error', 0));

/** An API answer: its status and its JSON body (null when it had none). @typedef {{ok: boolean, status: number, body: any}} Answer */

/** @param {string} code @param {boolean} [watch] */
const roomUrl = (code, watch) => `/r/${encodeURIComponent(code)}${watch ? '?watch=1' : ''}`;

/** @param {string} path @param {RequestInit} [options] @returns {Promise<Answer>} */
async function api(path, options) {
  const response = await fetch(path, { headers: { 'Content-Type': 'application/json' }, ...options });
  let body = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON */
  }
  return { ok: response.ok, status: response.status, body };
}

/** @param {Answer} res */
const problem = (res) => res.body?.error?.message || `The server said ${res.status}`;

createForm.addEventListener('submit', async (/** @type {Event} */ e) => {
  e.preventDefault();
  if (nameInput.value.trim()) saveName(nameInput.value.trim());
  const settings = readSettings(createForm);
  if (!settings.hint_methods.length) {
    message('Pick at least one hint method');
    return;
  }
  createButton.disabled = true;
  try {
    const res = await api('/api/rooms', { method: 'POST', body: JSON.stringify(settings) });
    if (res.ok && res.body?.code) location.assign(res.body.url || roomUrl(res.body.code));
    else message(problem(res));
  } catch {
    message('Could not reach the server');
  } finally {
    createButton.disabled = false;
  }
});

/** A room code from a code, a /r/CODE path or a full link; null if none. @param {unknown} text */
function parseCode(text) {
  const value = String(text).trim();
  const fromPath = /\/r\/([^/?#\s]+)/.exec(value);
  const code = fromPath ? decodeURIComponent(fromPath[1]) : value;
  return /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code : null;
}

/** @param {boolean} watch */
async function joinByCode(watch) {
  const code = parseCode($('join-code').value);
  if (!code) {
    message('That does not look like a room code or link');
    return;
  }
  if (nameInput.value.trim()) saveName(nameInput.value.trim());
  try {
    const res = await api(`/api/rooms/${encodeURIComponent(code)}`);
    if (res.status === 404) {
      message(`There is no room ${code}`);
      return;
    }
  } catch {
    /* let the room page say what is wrong */
  }
  location.assign(roomUrl(code, watch));
}
$('join-by-code').addEventListener('submit', (/** @type {Event} */ e) => {
  e.preventDefault();
  joinByCode(false);
});
$('watch-code').addEventListener('click', () => joinByCode(true));

// ---- public rooms ----
/** @param {unknown} v */
const count = (v) => (Array.isArray(v) ? v.length : Number(v) || 0);

/** @param {any} room a public room's summary (GET /api/rooms) */
function roomRow(room) {
  const players = count(room.players);
  const open = room.phase === 'lobby' && players < (room.max_players ?? Infinity);
  const go = (/** @type {boolean} */ watch) => () => {
    if (nameInput.value.trim()) saveName(nameInput.value.trim());
    location.assign(roomUrl(room.code, watch));
  };
  const join = el('button', { type: 'button', text: 'Join', disabled: !open, 'data-action': 'join', 'aria-label': `Join room ${room.code}` });
  const watch = el('button', { type: 'button', class: 'secondary', text: 'Watch', 'data-action': 'watch', 'aria-label': `Watch room ${room.code}` });
  join.addEventListener('click', go(false));
  watch.addEventListener('click', go(true));
  const size = room.rows && room.cols ? `${room.rows}×${room.cols}` : room.preset || '';
  return el(
    'tr',
    { 'data-code': room.code },
    el('td', {}, el('strong', { text: room.code }), el('div', { class: 'muted', text: room.phase })),
    el('td', {}, size, el('div', { class: 'muted', text: `${room.algorithm || ''}${room.fog ? ' · fog' : ''}` })),
    el('td', { class: 'num' }, `${players}/${room.max_players ?? '?'}`, el('div', { class: 'muted', text: `${count(room.spectators)} watching` })),
    el('td', {}, el('div', { class: 'row' }, join, watch)),
  );
}

let timer = 0;
async function refresh() {
  clearTimeout(timer);
  try {
    const res = await api('/api/rooms');
    if (res.ok && Array.isArray(res.body?.rooms)) {
      const rows = res.body.rooms.map(roomRow);
      const list = $('room-list');
      // Keep focus on the same button across a refresh.
      const active = /** @type {HTMLElement | null} */ (document.activeElement);
      const focused = /** @type {HTMLElement | null | undefined} */ (active?.closest?.('#room-list tr'));
      const focusKey = focused && [focused.dataset.code, /** @type {HTMLElement} */ (active).dataset.action];
      list.replaceChildren(...rows);
      if (focusKey) list.querySelector(`tr[data-code="${CSS.escape(String(focusKey[0]))}"] [data-action="${focusKey[1]}"]`)?.focus();
      show('room-list-empty', rows.length === 0);
      setText('room-list-empty', 'No public rooms yet: create one!');
    }
  } catch {
    setText('room-list-empty', 'Could not load the rooms; retrying…');
    show('room-list-empty');
  }
  if (!document.hidden) timer = setTimeout(refresh, REFRESH_MS);
}
document.addEventListener('visibilitychange', () => !document.hidden && refresh());
refresh();


// ---- daily maze ----
/** @param {Answer} res */
const noStore = (res) => res.status === 503 && res.body?.error?.code === 'no_store';
/**
 * One button a preset the server has a daily maze for (every preset: `POST /api/daily`).
 * @param {Record<string, {rows: number, cols: number}>} presets
 */
function buildDailyButtons(presets) {
  $('daily-buttons').replaceChildren(
    ...Object.entries(presets).map(([preset, { rows, cols }]) => dailyButton(preset, `${presetLabel(preset)} ${rows}×${cols}`)),
  );
  dailyPresets = Object.keys(presets);
  loadDailyBests();
}

/** @type {string[]} */
let dailyPresets = [];
let bestsAsked = 0;
/** "Race today's best" for each preset someone has finished today's daily maze of (its daily board's first
 * row): a daily room with that run as a ghost (`POST /api/daily {"preset", "ghost": "best"}`). */
async function loadDailyBests() {
  const asked = ++bestsAsked;
  const bests = await Promise.all(
    dailyPresets.map((preset) =>
      api(`/api/leaderboard?${new URLSearchParams({ preset, daily: 'today', limit: '1' })}`)
        .then((res) => /** @type {[string, any]} */ ([preset, res.ok ? res.body?.leaderboard?.[0] : null]))
        .catch(() => /** @type {[string, any]} */ ([preset, null])),
    ),
  );
  if (asked !== bestsAsked) return;
  const buttons = bests
    .filter(([, best]) => best && typeof best.name === 'string')
    .map(([preset, best]) => dailyButton(preset, `Race today's best ${presetLabel(preset)}: ${best.name}'s ghost, ${formatTime(best.total)}`, 'best'));
  $('daily-best-buttons').replaceChildren(...buttons);
  show('daily-best-buttons', buttons.length > 0);
}

/** @param {string} preset @param {string} text @param {string | null} [ghost] */
function dailyButton(preset, text, ghost = null) {
  const button = el('button', { type: 'button', id: ghost ? `daily-best-${preset}` : `daily-${preset}`, class: ghost ? 'secondary' : '', 'data-preset': preset, text });
  button.addEventListener('click', async () => {
    if (nameInput.value.trim()) saveName(nameInput.value.trim());
    button.disabled = true;
    try {
      const res = await api('/api/daily', { method: 'POST', body: JSON.stringify(ghost ? { preset, ghost } : { preset }) });
      if (res.ok && res.body?.code) location.assign(res.body.url ? new URL(res.body.url, location.href).pathname : roomUrl(res.body.code));
      else if (noStore(res)) show('daily', false);
      else message(problem(res));
    } catch {
      message('Could not reach the server');
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

// ---- leaderboard and recent races ----
/** The leaderboard's size and maze filters: "All", then the server's presets and generators. @param {any} settings the rules' settings schema */
function buildLeaderboardFilters(settings) {
  /** @param {HTMLSelectElement} select @param {[string | number, string | number][]} pairs */
  const fill = (select, pairs) => {
    const keep = select.value;
    select.replaceChildren(el('option', { value: '', text: 'All' }), ...pairs.map(([value, text]) => el('option', { value, text })));
    select.value = pairs.some(([value]) => value === keep) ? keep : '';
  };
  fill($('lb-preset'), settings.preset.choices.map((/** @type {string} */ p) => [p, presetLabel(p)]));
  fill($('lb-algorithm'), labelled(settings.algorithm.choices, ALGORITHM_LABELS));
}

function hideRecords() {
  show('leaderboard', false);
  show('recent-panel', false);
  clearTimeout(recordsTimer);
  recordsTimer = -1; // no database: stop asking
}

let lbAsked = 0;
async function loadLeaderboard() {
  const query = new URLSearchParams({ limit: '20' });
  if ($('lb-preset').value) query.set('preset', $('lb-preset').value);
  if ($('lb-algorithm').value) query.set('algorithm', $('lb-algorithm').value);
  if ($('lb-daily').checked) query.set('daily', 'today');
  const asked = ++lbAsked;
  const res = await api(`/api/leaderboard?${query}`).catch(() => null);
  if (asked !== lbAsked || !res) return; // a newer request is on its way, or no server
  if (noStore(res)) return hideRecords();
  if (!res.ok || !Array.isArray(res.body?.leaderboard)) return;
  $('lb-rows').replaceChildren(...res.body.leaderboard.map(leaderboardRow));
  show('lb-empty', !res.body.leaderboard.length);
  show('leaderboard');
}

async function loadRecent() {
  const res = await api('/api/races').catch(() => null);
  if (!res) return;
  if (noStore(res)) return hideRecords();
  if (!res.ok || !Array.isArray(res.body?.races)) return;
  $('recent-races').replaceChildren(...res.body.races.map(recentRaceItem));
  show('recent-empty', !res.body.races.length);
  show('recent-panel');
}

let recordsTimer = 0;
function refreshRecords() {
  if (recordsTimer < 0) return;
  clearTimeout(recordsTimer);
  loadLeaderboard();
  loadRecent();
  if (dailyPresets.length) loadDailyBests();
  if (!document.hidden) recordsTimer = setTimeout(refreshRecords, 30000);
}
for (const id of ['lb-preset', 'lb-algorithm', 'lb-daily']) $(id).addEventListener('change', loadLeaderboard);
document.addEventListener('visibilitychange', () => !document.hidden && refreshRecords());
refreshRecords();
