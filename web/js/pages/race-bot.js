// "Race a bot now" on the front page: one player, one bot, no waiting, in one tap. It makes a private
// room of the chosen size, leaves the bot asked for (a kind and a speed) for the room page, which adds it
// and starts the race as soon as it has joined (bots-ui.js, `raceIfAsked`). The kind, speed, size and
// fog are folded under "Bot options" with sensible defaults, and one sentence above the button says
// what a tap starts. Its own entry script; the rules come from GET /api/rules like the create form's.
import { botChoices, readSpeed } from '../model/bots.js';
import { aboutOf, select } from '../panels/bots-ui.js';
import { presetWithSize } from '../common/labels.js';
import { serverMessage, t } from '../common/i18n.js';
import { loadRules } from '../net/rules.js';
import { loadName, saveBotRace } from '../common/storage.js';
import { nameToRace } from '../common/player-name.js';
import { $, el, message, setText, show } from '../common/ui.js';

const DEFAULT_SIZE = 'easy';
const form = $('race-bot-form');
const go = $('race-bot-go');
const kindSelect = $('race-bot-kind');
const speedInput = $('race-bot-speed');
/** @type {import('../model/bots.js').BotChoices | null} */
let choices = null; // the server's kinds and speeds (GET /api/rules)

/** Say how the chosen bot walks, and what a tap on the button starts. */
function describe() {
  setText('race-bot-about', aboutOf(choices, kindSelect.value));
  const bot = choices?.kinds.find((k) => k.kind === kindSelect.value)?.name ?? kindSelect.value;
  const size = $('race-bot-size').selectedOptions[0]?.textContent ?? '';
  const fog = !$('race-bot-fog-field').hidden && $('race-bot-fog').checked;
  const speed = Number(speedInput.value);
  if (speedInput.value.trim() === '' || !Number.isFinite(speed)) setText('race-bot-summary', t('front.bot.summary_default'));
  else setText('race-bot-summary', t(fog ? 'front.bot.summary_fog' : 'front.bot.summary', { bot, count: speed, size }));
}

/** @param {any} rules */
function build(rules) {
  choices = botChoices(rules);
  if (!choices) {
    show('race-bot', false); // a server without bots
    return;
  }
  select(kindSelect, choices.kinds, choices.pick.kind);
  Object.assign(speedInput, { min: choices.min, max: choices.max, value: String(choices.pick.speed) });
  setText('race-bot-speed-label', t('front.bot.speed_range', { min: choices.min, max: choices.max }));
  const sizes = Object.entries(rules.presets || {});
  $('race-bot-size').replaceChildren(...sizes.map((/** @type {[string, any]} */ [name, s]) => el('option', { value: name, text: presetWithSize(name, s.rows, s.cols) })));
  if (rules.presets?.[DEFAULT_SIZE]) $('race-bot-size').value = DEFAULT_SIZE;
  show('race-bot-fog-field', !!rules.settings?.fog);
  describe();
  go.disabled = false;
}

async function raceNow() {
  const read = readSpeed(speedInput.value, /** @type {import('../model/bots.js').BotChoices} */ (choices)); // the button waits for them
  if (read.error) {
    message(t('bot.speed_error', { min: choices?.min ?? '', max: choices?.max ?? '' }));
    $('race-bot-options').open = true;
    speedInput.focus();
    return;
  }
  if (nameToRace($('name')) === null) return; // the name typed, or one picked: a newcomer races in one tap
  /** @type {{preset: string, public: boolean, fog?: boolean}} */
  const settings = { preset: $('race-bot-size').value, public: false };
  if (!$('race-bot-fog-field').hidden && $('race-bot-fog').checked) settings.fog = true;
  go.disabled = true;
  try {
    const response = await fetch('/api/rooms', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });
    const body = await response.json().catch(() => null);
    if (!response.ok || !body?.code) {
      message(body?.error ? serverMessage(body.error) : t('front.error.status', { status: String(response.status) }));
      return;
    }
    saveBotRace(body.code, { kind: kindSelect.value, speed: /** @type {number} */ (read.speed) });
    location.assign(body.url || `/r/${encodeURIComponent(body.code)}`);
  } catch {
    message(t('front.error.unreachable'));
  } finally {
    go.disabled = false;
  }
}

go.disabled = true; // until the choices are built from the server's rules
if (!$('name').value) $('name').value = loadName();
for (const control of [kindSelect, speedInput, $('race-bot-size'), $('race-bot-fog')]) control.addEventListener('change', describe);
form.addEventListener('submit', (/** @type {Event} */ e) => {
  e.preventDefault();
  raceNow();
});
loadRules()
  .then(build)
  .catch(() => message(t('front.error.rules'), 'error', 0));
