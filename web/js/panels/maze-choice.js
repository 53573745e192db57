// The settings form's "Maze" field (settings.js loads it when first wanted, if the server's rules have
// `maze`): a maze the game generates, as always, or a published maze by its share code, typed or pasted
// as a code or a /m/ link, with a link to the list of published mazes to find one. A published maze
// brings its own size, openings and directions, so the generator's fields hide while one is chosen; the
// title it was published under is fetched once a code (mazeTitle) for the room's settings line.
import { el } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { parseMazeCode } from '../model/share-code.js';

/** @typedef {any} SettingsForm the settings form, its controls read by name as settings.js does */

/**
 * Put the field in `slot` (once), locked like the rest of the form, showing the form's maze
 * (`form.dataset.maze`, which writeSettings sets) when it is new or `write` asks (what a host is typing
 * is kept otherwise). The generator's fields, after the slot, hide while a published maze is chosen.
 * @param {HTMLElement} slot @param {SettingsForm} form @param {boolean} write
 */
export function mountMazeChoice(slot, form, write) {
  const fresh = !slot.firstChild;
  if (fresh) slot.append(...mazeChoiceField(/** @type {HTMLElement} */ (slot.nextElementSibling)));
  if (fresh || write) writeMazeChoice(form, form.dataset.maze);
  for (const control of /** @type {NodeListOf<HTMLInputElement>} */ (slot.querySelectorAll('select, input'))) control.disabled = form.dataset.locked === 'true';
}

/** The choice, the code and where to find one. @param {HTMLElement} generated */
function mazeChoiceField(generated) {
  const source = el('select', { name: 'maze_source' }, el('option', { value: 'generated', text: t('settings.maze_generated') }), el('option', { value: 'published', text: t('settings.maze_published') }));
  const code = el('input', { name: 'maze_code', autocomplete: 'off', spellcheck: false, placeholder: t('settings.maze_code_example') });
  const codeField = el('label', { class: 'field maze-code' }, el('span', { text: t('settings.maze_code') }), code, el('a', { href: '/mazes', target: '_blank', rel: 'noopener', text: t('settings.maze_find') }));
  const field = el('label', { class: 'field' }, el('span', { text: t('settings.maze') }), source);
  const sync = () => {
    const published = source.value === 'published';
    codeField.hidden = !published;
    if (generated) generated.hidden = published;
  };
  source.addEventListener('change', sync);
  return [field, codeField];
}

/** @param {SettingsForm} form @param {string | null | undefined} code */
function writeMazeChoice(form, code) {
  const f = form.elements;
  f.maze_source.value = code ? 'published' : 'generated';
  f.maze_code.value = code || '';
  f.maze_source.dispatchEvent(new Event('change'));
}

/**
 * The maze chosen: a share code, null for a generated maze, or undefined when the code typed is none
 * (the form then says so and sends nothing). A form without the field reads as null.
 * @param {SettingsForm} form
 * @returns {string | null | undefined}
 */
export function readMazeChoice(form) {
  const f = form.elements;
  if (!f.maze_source || f.maze_source.value !== 'published') return null;
  return parseMazeCode(f.maze_code.value) ?? undefined;
}

/** @type {Map<string, string | null>} code -> title (null while asked) */
const titles = new Map();
/** @type {Map<string, Set<() => void>>} code -> the redraws waiting for its title (while asked) */
const waiting = new Map();

/**
 * A published maze's title, or null until it is known: the first call for a code asks the server, and
 * every caller before the answer comes has its `arrived` called then (the lobby's settings line asks
 * after the join page's preview did; a refusal leaves the code to stand for it).
 * @param {string} code @param {() => void} arrived
 * @returns {string | null}
 */
export function mazeTitle(code, arrived) {
  if (titles.has(code)) {
    waiting.get(code)?.add(arrived);
    return titles.get(code) ?? null;
  }
  titles.set(code, null);
  waiting.set(code, new Set([arrived]));
  fetch(`/api/mazes/${encodeURIComponent(code)}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => {
      const redraws = waiting.get(code) ?? new Set();
      waiting.delete(code);
      if (typeof body?.title !== 'string') return;
      titles.set(code, body.title);
      for (const redraw of redraws) redraw();
    })
    .catch(() => waiting.delete(code));
  return null;
}
