// The room settings form (docs/protocol.md, "Settings"), shared by the lobby's create form and the
// host's settings form in the room. Built with DOM calls from the server's rules (rules.js): the
// values, bounds and defaults come from GET /api/rules; the labels people read from labels.js. The
// 8-direction generators come from the rules too: with 8 directions the others are disabled, and with
// one of the others chosen, 8 directions is; the bias shows only for the generator that has one, and
// the vision only with explorer mode (fog) on. Each field says in one plain sentence what it does, for
// players who have never met the words (its `aria-describedby`).
import { el } from '../common/ui.js';
import { defaultSettings } from '../net/rules.js';
import { ALGORITHM_LABELS, ALGORITHM_PLAIN, BIAS_LABELS, DIRECTION_LABELS, METHOD_ABOUT, METHOD_LABELS, OPENING_LABELS, REVEAL_LABELS, generatorChoice, labelOf, labelled, presetLabel } from '../common/labels.js';

const BIASED = 'growing-tree'; // the generator that takes a bias (docs/protocol.md, "Settings")

const PRESET_LABELS = { custom: 'Custom size' };

/**
 * The settings form: its controls are read by name (`form.elements.rows`), the names this file gives
 * them, so it is typed loosely.
 * @typedef {any} SettingsForm
 */

/** @type {any} GET /api/rules's answer, set by buildSettingsFields */
let rules = null;
/** The id prefix of the explanations, from the container's id (one settings form per page). */
let aboutPrefix = 'settings';

/**
 * The options of a one-of field: the server's values, in the order of `labels`, then any others.
 * @param {string} name
 * @param {Readonly<Record<string, string>>} labels
 */
function options(name, labels) {
  return Object.fromEntries(labelled(rules.settings[name].choices, labels));
}

function presetLabels() {
  const sized = Object.fromEntries(Object.entries(/** @type {Record<string, {rows: number, cols: number}>} */ (rules.presets)).map(([p, s]) => [p, `${presetLabel(p)} (${s.rows} × ${s.cols})`]));
  return { ...sized, ...PRESET_LABELS };
}

/** @param {string} name @param {Record<string, string | number>} options @param {string} label @param {string} [about] */
function select(name, options, label, about) {
  return field(label, el('select', { name }, ...Object.entries(options).map(([v, t]) => el('option', { value: v, text: t }))), about);
}

/** @param {string} name */
const has = (name) => !!rules.settings[name];

/** @param {string} name @param {string} label @param {string} [about] @param {number} [step] */
function number(name, label, about, step = 1) {
  const { min, max } = rules.settings[name];
  return field(label, el('input', { type: 'number', name, min, max, step, required: true, inputMode: 'decimal' }), about);
}

/** @param {string} name @param {string} label */
function check(name, label) {
  return el('label', { class: 'check' }, el('input', { type: 'checkbox', name }), ' ', label);
}

/**
 * A labelled control, with the sentence that says what it does under it.
 * @param {string} label @param {HTMLElement} control @param {string} [about]
 */
function field(label, control, about) {
  return el('label', { class: 'field' }, el('span', { text: label }), control, about ? explanation(control, about) : null);
}

/**
 * The sentence saying what `control` does, tied to it for screen readers.
 * @param {HTMLElement} control @param {string} text
 */
function explanation(control, text) {
  const id = `${aboutPrefix}-${control.getAttribute('name') ?? 'field'}-about`;
  control.setAttribute('aria-describedby', id);
  return el('small', { class: 'muted about', id, text });
}

/**
 * Fill `container` with the settings controls for the server's `serverRules` (GET /api/rules).
 * @param {HTMLElement} container
 * @param {any} serverRules
 */
export function buildSettingsFields(container, serverRules) {
  rules = serverRules;
  aboutPrefix = container.id || aboutPrefix;
  const braid = rules.settings.braid;
  const fields = [
    select('preset', presetLabels(), 'Size', 'How big the maze is; a custom size takes the rows and columns below.'),
    el('div', { class: 'pair' }, number('rows', 'Rows'), number('cols', 'Columns')),
    select('algorithm', generatorOptions(), 'Maze style', 'What the passages are like: the way the maze is made.'),
    has('bias') ? select('bias', options('bias', BIAS_LABELS), 'Grows from', 'Which cell the maze grows from next.') : null,
    has('directions') ? directionsField() : null,
    number('braid', `Loops (${braid.min}–${braid.max})`, 'Remove this share of dead ends so there is more than one way.', 0.05),
    select('openings', options('openings', OPENING_LABELS), 'Entrance and exit', 'Where the race starts and ends.'),
    el(
      'fieldset',
      { class: 'methods' },
      el('legend', { text: 'Hint searches' }),
      el('small', { class: 'muted about', text: 'The ways a hint may search for the exit; each draws its search as it goes.' }),
      ...rules.settings.hint_methods.choices.map((/** @type {string} */ v) => methodCheck(v)),
    ),
    el('div', { class: 'pair' }, number('hint_limit', 'Hints per player'), number('hint_penalty', 'Seconds per hint')),
    el('small', { class: 'muted about', text: 'Each hint adds its seconds to the time of the player who asked.' }),
    check('hint_moves', 'A hint also moves you one step'),
    has('hint_reveal') ? select('hint_reveal', options('hint_reveal', REVEAL_LABELS), 'A hint shows', 'The next junction keeps the race open; the whole way is the full solution, and the race is not ranked.') : null,
    el('div', { class: 'pair' }, number('max_players', 'Most players'), number('time_limit', 'Time limit (seconds)')),
    check('public', 'Public: listed on the front page for anyone to join'),
    has('fog') ? check('fog', 'Explorer mode (fog): racers see only what they have explored') : null,
    has('vision') ? number('vision', 'Vision in fog', 'How many steps along the passages a racer sees.') : null,
  ];
  container.append(...fields.filter(Boolean)); // a field this server's rules lack is left out
  /** @type {SettingsForm} */
  const form = container.closest('form') || container;
  form.elements.preset.addEventListener('change', () => syncPreset(form));
  form.elements.algorithm.addEventListener('change', () => syncDirections(form));
  form.elements.directions?.addEventListener('change', () => syncDirections(form));
  form.elements.fog?.addEventListener('change', () => syncDirections(form));
  syncDirections(form);
}

/** The generators, plain words first and in the labels' order. */
function generatorOptions() {
  return Object.fromEntries(labelled(rules.settings.algorithm.choices, ALGORITHM_LABELS).map(([v]) => [v, generatorChoice(String(v))]));
}

/** A hint search's box, its name and what it does. @param {string} method */
function methodCheck(method) {
  const about = METHOD_ABOUT[method];
  return el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'hint_methods', value: method }), ' ', labelOf(METHOD_LABELS, method), about ? el('small', { class: 'muted about', text: about }) : null);
}

function directionsField() {
  const some = ruledOut(rules, { directions: 8 }).algorithms.length > 0;
  const about = some ? 'Whether racers may also move diagonally; some maze styles cannot, and are greyed out.' : 'Whether racers may also move diagonally.';
  return field('Directions', el('select', { name: 'directions' }, ...labelled(rules.settings.directions.choices, DIRECTION_LABELS).map(([v, t]) => el('option', { value: String(v), text: t }))), about);
}

/**
 * What a choice of generator and directions rules out, from `serverRules` (GET /api/rules): with 8
 * directions the generators that have no 8-direction form, with such a generator 8 directions.
 * Returns {algorithms: [names], directions: [counts]}.
 * @param {any} serverRules
 * @param {{algorithm?: string, directions?: unknown}} choice
 */
export function ruledOut(serverRules, { algorithm, directions }) {
  const eight = new Set(serverRules.eight_direction_algorithms ?? serverRules.settings.algorithm.choices);
  return {
    algorithms: Number(directions) === 8 ? serverRules.settings.algorithm.choices.filter((/** @type {string} */ a) => !eight.has(a)) : [],
    directions: eight.has(algorithm) ? [] : [8],
  };
}

/**
 * Disable what the other choice rules out; show the bias only for the generator that has one, the vision only in fog.
 * @param {SettingsForm} form
 */
function syncDirections(form) {
  const f = form.elements;
  if (f.bias) f.bias.closest('.field').hidden = f.algorithm.value !== BIASED;
  if (f.vision) f.vision.closest('.field').hidden = !f.fog?.checked;
  if (!f.directions) return;
  const out = ruledOut(rules, { algorithm: f.algorithm.value, directions: f.directions.value });
  for (const option of f.algorithm.options) {
    option.disabled = out.algorithms.includes(option.value);
    option.title = option.disabled ? 'No 8-direction form: choose 4 directions first' : '';
  }
  for (const option of f.directions.options) {
    option.disabled = out.directions.includes(Number(option.value));
    option.title = option.disabled ? 'This generator has no 8-direction form' : '';
  }
}

/** @param {SettingsForm} form */
function syncPreset(form) {
  const custom = form.elements.preset.value === 'custom';
  for (const name of ['rows', 'cols']) {
    const input = form.elements[name];
    input.disabled = !custom || form.dataset.locked === 'true';
    if (!custom) input.value = rules.presets[form.elements.preset.value]?.[name] ?? input.value;
  }
}

/**
 * Put a settings object into the form.
 * @param {SettingsForm} form
 * @param {Partial<import('../model/wire-types.js').Settings>} settings
 */
export function writeSettings(form, settings) {
  /** @type {Record<string, any>} */
  const s = { ...defaultSettings(rules), ...settings };
  const f = form.elements;
  for (const name of ['preset', 'algorithm', 'openings']) f[name].value = s[name];
  if (f.bias) f.bias.value = s.bias;
  if (f.directions) f.directions.value = String(s.directions);
  if (f.hint_reveal) f.hint_reveal.value = s.hint_reveal;
  for (const name of ['rows', 'cols', 'braid', 'hint_limit', 'hint_penalty', 'max_players', 'time_limit']) {
    f[name].value = s[name];
  }
  f.hint_moves.checked = !!s.hint_moves;
  f.public.checked = !!s.public;
  if (f.fog) f.fog.checked = !!s.fog;
  if (f.vision) f.vision.value = s.vision;
  for (const box of form.querySelectorAll('input[name="hint_methods"]')) box.checked = s.hint_methods.includes(box.value);
  syncPreset(form);
  syncDirections(form);
}

/**
 * Read the form as a settings object; rows and cols only for a custom size.
 * @param {SettingsForm} form
 * @returns {Partial<import('../model/wire-types.js').Settings> & {hint_methods: string[]}}
 */
export function readSettings(form) {
  const f = form.elements;
  /** @type {Partial<import('../model/wire-types.js').Settings> & {hint_methods: string[]}} */
  const s = {
    preset: f.preset.value,
    algorithm: f.algorithm.value,
    braid: Number(f.braid.value),
    openings: f.openings.value,
    hint_methods: [...form.querySelectorAll('input[name="hint_methods"]:checked')].map((/** @type {HTMLInputElement} */ b) => b.value),
    hint_limit: Number(f.hint_limit.value),
    hint_penalty: Number(f.hint_penalty.value),
    hint_moves: f.hint_moves.checked,
    max_players: Number(f.max_players.value),
    public: f.public.checked,
    time_limit: Number(f.time_limit.value),
  };
  if (f.bias) s.bias = f.bias.value;
  if (f.directions) s.directions = Number(f.directions.value);
  if (f.hint_reveal) s.hint_reveal = f.hint_reveal.value;
  if (f.fog) s.fog = f.fog.checked;
  if (f.vision) s.vision = Number(f.vision.value);
  if (s.preset === 'custom') {
    s.rows = Number(f.rows.value);
    s.cols = Number(f.cols.value);
  }
  return s;
}

/**
 * Enable or disable every control (non-hosts see the settings read-only).
 * @param {SettingsForm} form
 * @param {boolean} locked
 */
export function lockSettings(form, locked) {
  form.dataset.locked = String(locked);
  for (const control of form.elements) control.disabled = locked;
  if (!locked) syncPreset(form);
  syncDirections(form);
}

/**
 * A one-line summary of settings for people who cannot change them, in plain words.
 * @param {Partial<import('../model/wire-types.js').Settings>} s
 */
export function describeSettings(s) {
  const size = s.rows && s.cols ? `${s.rows}×${s.cols}` : '';
  const hints = !s.hint_limit ? 'no hints' : s.hint_reveal === 'whole' ? `${s.hint_limit} hints that show the whole way, +${s.hint_penalty}s each` : `${s.hint_limit} hints, +${s.hint_penalty}s each`;
  const bias = s.algorithm === BIASED && s.bias ? ` (${s.bias})` : '';
  const directions = s.directions === 8 ? ' · 8 directions' : '';
  const vision = Number.isInteger(s.vision) ? ` (vision ${s.vision})` : '';
  const fog = s.fog ? ` · fog${vision}` : '';
  return `${s.preset || ''} ${size} · ${labelOf(ALGORITHM_PLAIN, s.algorithm || '')}${bias}${directions}${fog} · ${hints}`;
}
