// The front page: your name, then one tap to a game. "Race friends" makes a room in one tap per size
// (Easy, Medium, Hard), with every other setting folded under "More settings" (its own Create button
// takes the size chosen there too); join by code or link; public rooms; today's maze (daily-buttons.js);
// the leaderboard and recent races (these need the server's database: hidden without one). "Race a
// bot now" has its own script (race-bot.js).
import { t, translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { $, el, message, show } from '../common/ui.js';
import { buildSettingsFields, mazeChoice, readSettings, writeSettings } from '../panels/settings.js';
import { defaultSettings, loadRules } from '../net/rules.js';
import { api, noStore, problem, roomUrl } from '../net/api.js';
import { ALGORITHM_PLAIN, labelled, presetLabel } from '../common/labels.js';
import { loadName, saveName } from '../common/storage.js';
import { nameFits, nameToRace } from '../common/player-name.js';
import { useNameRules } from '../common/name-width.js';
import { leaderboardRow, recentRaceItem } from '../panels/records.js';
import { showPublicRooms } from '../panels/public-rooms.js';
import { buildDailyButtons, loadDailyBests, presetButtonFace } from '../panels/daily-buttons.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

const nameInput = $('name');
nameInput.value = loadName();
nameInput.addEventListener('change', rememberName);

/** Keep the name typed for the room page (which joins you with it) and the next visit. */
function rememberName() {
  if (nameInput.value.trim()) saveName(nameInput.value.trim());
}

/**
 * Before going to a room: the name typed, or one picked for the player (nobody is stopped for a missing
 * name); false, with the reason shown, when the name typed is too wide to race under. A watcher races
 * under no name, so is never stopped for one.
 * @param {boolean} [watch]
 */
function nameForRoom(watch = false) {
  if (!watch) return nameToRace(nameInput) !== null;
  rememberName();
  return true;
}

// ---- race friends: one tap a size, or "More settings" ----
const createForm = $('create-form');
loadRules()
  .then((rules) => {
    useNameRules(rules.names);
    buildSettingsFields($('create-fields'), rules);
    writeSettings(createForm, defaultSettings(rules));
    $('more-settings').addEventListener('toggle', () => mazeChoice(createForm)); // its Maze field, when opened
    buildPresetButtons(rules.presets);
    buildDailyButtons(rules.presets, nameForRoom);
    buildLeaderboardFilters(rules.settings);
  })
  .catch(() => message(t('front.error.rules'), 'error', 0));

/**
 * One Create button a size: a tap makes the room with that size (and "More settings" as they are).
 * @param {Record<string, {rows: number, cols: number}>} presets
 */
function buildPresetButtons(presets) {
  $('create-presets').replaceChildren(
    ...Object.entries(presets).map(([preset, { rows, cols }]) =>
      el('button', { type: 'submit', id: `create-${preset}`, 'data-preset': preset }, ...presetButtonFace(preset, rows, cols)),
    ),
  );
}

/** The buttons that submit the create form, disabled while a room is being made. */
const createButtons = () => /** @type {HTMLButtonElement[]} */ ([...createForm.querySelectorAll('button[type=submit]')]);

createForm.addEventListener('submit', async (/** @type {SubmitEvent} */ e) => {
  e.preventDefault();
  if (!nameForRoom()) return;
  const settings = readSettings(createForm);
  const preset = /** @type {HTMLElement | null} */ (e.submitter)?.dataset.preset;
  if (preset) {
    settings.preset = preset; // a size button: its size, whatever "More settings" says
    delete settings.rows;
    delete settings.cols;
    delete settings.maze; // and a generated maze of that size
  }
  if (!settings.hint_methods.length) {
    $('more-settings').open = true;
    message(t('front.error.no_methods'));
    return;
  }
  if ('maze' in settings && settings.maze === undefined) {
    $('more-settings').open = true;
    message(t('settings.maze_bad_code'));
    return;
  }
  for (const button of createButtons()) button.disabled = true;
  try {
    const res = await api('/api/rooms', { method: 'POST', body: JSON.stringify(settings) });
    if (res.ok && res.body?.code) location.assign(res.body.url || roomUrl(res.body.code));
    else message(problem(res));
  } catch {
    message(t('front.error.unreachable'));
  } finally {
    for (const button of createButtons()) button.disabled = false;
  }
});

// ---- join by code or link ----
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
    message(t('front.error.bad_code'));
    return;
  }
  if (!watch && !nameFits(nameInput)) return;
  rememberName();
  try {
    const res = await api(`/api/rooms/${encodeURIComponent(code)}`);
    if (res.status === 404) {
      message(t('front.error.no_room', { code }));
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

showPublicRooms(nameForRoom);

// ---- leaderboard and recent races ----
/** The leaderboard's size and maze filters: "All", then the server's presets and generators. @param {any} settings the rules' settings schema */
function buildLeaderboardFilters(settings) {
  /** @param {HTMLSelectElement} select @param {[string | number, string | number][]} pairs */
  const fill = (select, pairs) => {
    const keep = select.value;
    select.replaceChildren(el('option', { value: '', text: t('front.lb.all') }), ...pairs.map(([value, text]) => el('option', { value, text })));
    select.value = pairs.some(([value]) => value === keep) ? keep : '';
  };
  fill($('lb-preset'), settings.preset.choices.map((/** @type {string} */ p) => [p, presetLabel(p)]));
  fill($('lb-algorithm'), labelled(settings.algorithm.choices, ALGORITHM_PLAIN));
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
  loadDailyBests();
  if (!document.hidden) recordsTimer = setTimeout(refreshRecords, 30000);
}
for (const id of ['lb-preset', 'lb-algorithm', 'lb-daily']) $(id).addEventListener('change', loadLeaderboard);
document.addEventListener('visibilitychange', () => !document.hidden && refreshRecords());
refreshRecords();
