// The room settings form (docs/protocol.md, "Settings"), shared by the lobby's create form and the
// host's settings form in the room. Built with DOM calls from the server's rules (rules.js): the
// values, bounds and defaults come from GET /api/rules; the labels people read from labels.js. The
// 8-direction generators come from the rules too: with 8 directions the others are disabled, and with
// one of the others chosen, 8 directions is; the bias shows only for the generator that has one, and
// the vision only with explorer mode (fog) on. Each field says in one plain sentence what it does, for
// players who have never met the words (its `aria-describedby`).
import { el } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { defaultSettings } from '../net/rules.js';
import { ALGORITHM_LABELS, BIASED, BIAS_LABELS, DIRECTION_LABELS, METHOD_ABOUT, METHOD_LABELS, OPENING_LABELS, PRESET_LABELS, REVEAL_LABELS, generatorChoice, labelOf, labelled, mazeWords, presetLabel, timeLimitText } from '../common/labels.js';

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
  const sized = Object.fromEntries(Object.entries(/** @type {Record<string, {rows: number, cols: number}>} */ (rules.presets)).map(([p, s]) => [p, t('settings.preset_option', { preset: presetLabel(p), rows: s.rows, cols: s.cols })]));
  return { ...sized, custom: PRESET_LABELS.custom };
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
  return el('label', { class: 'check' }, el('input', { type: 'checkbox', name }), ' ', el('span', { text: label }));
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
  const generator = el('div', {}, // hidden for a published maze, which brings its own size, directions and openings
    select('preset', presetLabels(), t('settings.size'), t('settings.size_about')),
    el('div', { class: 'pair' }, number('rows', t('settings.rows')), number('cols', t('settings.cols'))),
    select('algorithm', generatorOptions(), t('settings.algorithm'), t('settings.algorithm_about')),
    has('bias') ? select('bias', options('bias', BIAS_LABELS), t('settings.bias'), t('settings.bias_about')) : null,
    has('directions') ? directionsField() : null,
    number('braid', t('settings.braid', { min: braid.min, max: braid.max }), t('settings.braid_about'), 0.05),
    select('openings', options('openings', OPENING_LABELS), t('settings.openings'), t('settings.openings_about')),
  );
  const fields = [
    has('maze') ? el('div', { class: 'maze-choice' }) : null, // filled when first wanted (mazeChoice)
    generator,
    el('fieldset', { class: 'methods' },
      el('legend', { text: t('settings.methods') }),
      el('small', { class: 'muted about', text: t('settings.methods_about') }),
      ...rules.settings.hint_methods.choices.map((/** @type {string} */ v) => methodCheck(v)),
    ),
    el('div', { class: 'pair' }, number('hint_limit', t('settings.hint_limit')), number('hint_penalty', t('settings.hint_penalty'))),
    el('small', { class: 'muted about', text: t('settings.hint_about') }),
    check('hint_moves', t('settings.hint_moves')),
    has('hint_reveal') ? select('hint_reveal', options('hint_reveal', REVEAL_LABELS), t('settings.hint_reveal'), t('settings.hint_reveal_about')) : null,
    el('div', { class: 'pair' }, number('max_players', t('settings.max_players')), number('time_limit', t('settings.time_limit'))),
    check('public', t('settings.public')),
    has('fog') ? check('fog', t('settings.fog')) : null,
    has('vision') ? number('vision', t('settings.vision'), t('settings.vision_about')) : null,
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
  return el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'hint_methods', value: method }), ' ', el('span', { text: String(labelOf(METHOD_LABELS, method)) }), about ? el('small', { class: 'muted about', text: about }) : null);
}

function directionsField() {
  const some = ruledOut(rules, { directions: 8 }).algorithms.length > 0;
  const about = some ? t('settings.directions_about_some') : t('settings.directions_about');
  return field(t('settings.directions'), el('select', { name: 'directions' }, ...labelled(rules.settings.directions.choices, DIRECTION_LABELS).map(([v, t]) => el('option', { value: String(v), text: t }))), about);
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
    option.title = option.disabled ? t('settings.no_eight_algorithm') : '';
  }
  for (const option of f.directions.options) {
    option.disabled = out.directions.includes(Number(option.value));
    option.title = option.disabled ? t('settings.no_eight_direction') : '';
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
  for (const name of ['rows', 'cols', 'braid', 'hint_limit', 'hint_penalty', 'max_players', 'time_limit']) f[name].value = s[name];
  f.hint_moves.checked = !!s.hint_moves;
  f.public.checked = !!s.public;
  if (f.fog) f.fog.checked = !!s.fog;
  if (f.vision) f.vision.value = s.vision;
  for (const box of form.querySelectorAll('input[name="hint_methods"]')) box.checked = s.hint_methods.includes(box.value);
  form.dataset.maze = s.maze ?? '';
  if (s.maze || maze) mazeChoice(form, true);
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
  if (s.preset === 'custom') [s.rows, s.cols] = [Number(f.rows.value), Number(f.cols.value)];
  if (form.querySelector('.maze-choice')) s.maze = maze ? maze.readMazeChoice(form) : form.dataset.maze || null; // undefined: no code typed
  if (s.maze) for (const name of /** @type {const} */ (['preset', 'rows', 'cols', 'directions'])) delete s[name]; // the maze's own
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
  if (!locked) mazeChoice(form);
  syncDirections(form);
}

let maze = /** @type {typeof import('./maze-choice.js') | null} */ (null); // the Maze field's module, once loaded
let mazeLoading = /** @type {Promise<typeof import('./maze-choice.js')> | null} */ (null);
const loadMaze = () => (mazeLoading ??= import('./maze-choice.js').then((module) => (maze = module)));

/**
 * The Maze field, loaded and put in `form` when first wanted (a host's form, a room on a published maze,
 * "More settings"): most never need it, so no first load carries it. `write`: show the form's maze.
 * @param {SettingsForm} form @param {boolean} [write]
 */
export function mazeChoice(form, write = false) {
  const slot = form.querySelector('.maze-choice');
  if (slot) loadMaze().then((module) => module.mountMazeChoice(slot, form, write), () => {});
}

/**
 * A published maze's title for a settings line, or null until known: the Maze field's module fetches it,
 * calling `redraw` as the module, then the title, arrive. @param {string} code @param {() => void} redraw
 * @returns {string | null}
 */
export function mazeTitle(code, redraw) {
  if (maze) return maze.mazeTitle(code, redraw);
  loadMaze().then(redraw, () => {});
  return null;
}

/**
 * A one-line summary of settings for people who cannot change them, in plain words: its fields (the
 * size, the maze, 8 directions, fog, the hints), each a whole message, one after the other. A published
 * maze is named by its `title` (the code until that is known), with its size.
 * @param {Partial<import('../model/wire-types.js').Settings>} s
 * @param {string | null} [title]
 */
export function describeSettings(s, title = null) {
  const preset = presetLabel(s.preset || '');
  const size = s.rows && s.cols ? t('settings.summary.size', { preset, rows: s.rows, cols: s.cols }) : preset;
  const maze = mazeWords(s);
  const fog = Number.isInteger(s.vision) ? t('settings.summary.fog_vision', { vision: Number(s.vision) }) : t('settings.summary.fog');
  const hints = !s.hint_limit
    ? t('settings.summary.no_hints')
    : t(s.hint_reveal === 'whole' ? 'settings.summary.hints_whole' : 'settings.summary.hints', { count: s.hint_limit, seconds: s.hint_penalty ?? 0 });
  const made = s.maze ? t('settings.summary.hand_made', { title: title ?? s.maze, rows: s.rows ?? '?', cols: s.cols ?? '?' }) : '';
  const generated = made ? [made] : [size, maze];
  const fields = [...generated, s.directions === 8 ? t('settings.summary.eight') : '', s.fog ? fog : '', hints, timeLimitText(s.time_limit)];
  return fields.filter(Boolean).join(' · ');
}
