// "Today's maze" on the front page: one button a size (`POST /api/daily`), and, once someone has
// finished today's maze of a size, "Race today's best" against that run's ghost.
import { $, el, message, show } from '../common/ui.js';
import { formatNumber, formatRaceTime, t } from '../common/i18n.js';
import { presetLabel } from '../common/labels.js';
import { api, goToRoom, noStore, problem } from '../net/api.js';

/** @type {string[]} the sizes the server has a daily maze for */
let dailyPresets = [];
let bestsAsked = 0;
/** @type {() => boolean} what runs before leaving for a room; false stays */
let beforeLeave = () => true;

/**
 * One button a preset the server has a daily maze for (every preset), then the bests.
 * @param {Record<string, {rows: number, cols: number}>} presets
 * @param {() => boolean} leave runs before going to the room (to keep the name); false stays on the page
 */
export function buildDailyButtons(presets, leave) {
  beforeLeave = leave;
  $('daily-buttons').replaceChildren(...Object.entries(presets).map(([preset, { rows, cols }]) => dailyButton(preset, presetButtonFace(preset, rows, cols))));
  dailyPresets = Object.keys(presets);
  loadDailyBests();
}

/**
 * A size button's face: its name, and its rows × columns under it.
 * @param {string} preset @param {number} rows @param {number} cols
 */
export function presetButtonFace(preset, rows, cols) {
  // the space keeps the accessible name (the visible text) readable: "Easy 10 × 10"
  return [el('span', { text: presetLabel(preset) }), ' ', el('span', { class: 'preset-size', text: `${formatNumber(rows)} × ${formatNumber(cols)}` })];
}

/** "Race today's best" for each size someone has finished today's maze of (its daily board's first
 * row): a daily room with that run as a ghost (`POST /api/daily {"preset", "ghost": "best"}`). */
export async function loadDailyBests() {
  if (!dailyPresets.length) return;
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
    .map(([preset, best]) => dailyButton(preset, [t('daily.best', { preset: presetLabel(preset), name: best.name, time: formatRaceTime(best.total) })], 'best'));
  $('daily-best-buttons').replaceChildren(...buttons);
  show('daily-best-buttons', buttons.length > 0);
}

/** @param {string} preset @param {(Node | string)[]} face @param {string | null} [ghost] */
function dailyButton(preset, face, ghost = null) {
  const button = el('button', { type: 'button', id: ghost ? `daily-best-${preset}` : `daily-${preset}`, class: 'secondary', 'data-preset': preset }, ...face);
  button.addEventListener('click', async () => {
    if (!beforeLeave()) return;
    button.disabled = true;
    try {
      const res = await api('/api/daily', { method: 'POST', body: JSON.stringify(ghost ? { preset, ghost } : { preset }) });
      if (res.ok && res.body?.code) goToRoom(res);
      else if (noStore(res)) show('daily', false);
      else message(problem(res));
    } catch {
      message(t('front.error.unreachable'));
    } finally {
      button.disabled = false;
    }
  });
  return button;
}
