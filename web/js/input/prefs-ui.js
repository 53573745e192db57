// The preferences dialog (the ⚙ button): reduced motion, double-tap runs, and the key map: every
// action with its keys; "Add key" then a key press binds it (taken from whichever action had it), × drops
// a key, and "Reset keys" brings the defaults back. Changes are stored at once (prefs.js).
import { ACTIONS, bindKey, defaultKeys, keyLabel, keyName, unbindKey } from './prefs.js';
import { $, el, setText } from '../common/ui.js';
import { t } from '../common/i18n.js';

/** @typedef {import('./prefs.js').Prefs} Prefs */

/** @param {string} id */
const labelOf = (id) => {
  const action = ACTIONS.find((a) => a.id === id);
  return action ? t(action.label) : id;
};

export class PrefsDialog {
  /**
   * prefs: the loaded preferences (changed in place); directions() -> 4 | 8 (diagonals are listed in an
   * 8-direction room only); changed(changes) stores and applies {keys | reducedMotion | doubleTap}.
   * @param {{prefs: Prefs, directions: () => number, motionReduced: () => boolean, changed: (changes: Partial<Prefs>) => void}} parts
   */
  constructor({ prefs, directions, motionReduced, changed }) {
    this.prefs = prefs;
    this.directions = directions;
    this.motionReduced = motionReduced;
    this.changed = changed;
    this.dialog = $('prefs-dialog');
    /** @type {string | null} */
    this.capturing = null; // the action waiting for a key
    $('prefs-button').addEventListener('click', () => this.open());
    this.dialog.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => this.onKey(e), true);
    this.dialog.addEventListener('cancel', (/** @type {Event} */ e) => {
      if (this.capturing) e.preventDefault(); // Escape while binding cancels the binding, not the dialog
    });
    this.dialog.addEventListener('close', () => this.stopCapture());
    $('keys-body').addEventListener('click', (/** @type {MouseEvent} */ e) => this.onClick(e));
    $('keys-reset').addEventListener('click', () => {
      this.setKeys(defaultKeys());
      setText('keys-note', t('prefs.note.reset'));
    });
    $('pref-reduced-motion').addEventListener('change', (/** @type {Event} */ e) => changed({ reducedMotion: /** @type {HTMLInputElement} */ (e.target).checked }));
    $('pref-double-tap').addEventListener('change', (/** @type {Event} */ e) => changed({ doubleTap: /** @type {HTMLInputElement} */ (e.target).checked }));
  }

  get isOpen() {
    return this.dialog.open;
  }

  open() {
    $('pref-reduced-motion').checked = this.motionReduced();
    $('pref-double-tap').checked = this.prefs.doubleTap;
    setText('keys-note', t('prefs.note.start'));
    this.render();
    this.dialog.showModal();
  }

  /** Reflect a change made elsewhere (the system's reduced-motion setting). */
  refresh() {
    if (this.isOpen) $('pref-reduced-motion').checked = this.motionReduced();
  }

  /** @param {import('./prefs.js').KeyMap} keys */
  setKeys(keys) {
    this.prefs.keys = keys;
    this.changed({ keys });
    this.render();
  }

  stopCapture() {
    this.capturing = null;
    this.render();
  }

  /** @param {MouseEvent} e */
  onClick(e) {
    const target = /** @type {Element} */ (e.target);
    const add = /** @type {HTMLElement | null} */ (target.closest('button[data-bind]'));
    const drop = /** @type {HTMLElement | null} */ (target.closest('button[data-unbind]'));
    if (add) {
      this.capturing = add.dataset.bind ?? null;
      this.render();
      setText('keys-note', t('prefs.note.press', { action: labelOf(String(this.capturing)) }));
      this.dialog.querySelector(`button[data-bind="${this.capturing}"]`)?.focus();
    } else if (drop) {
      const { unbind = '', key = '' } = drop.dataset;
      this.setKeys(unbindKey(this.prefs.keys, unbind, key));
      setText('keys-note', t('prefs.note.dropped', { key: keyLabel(key), action: labelOf(unbind) }));
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (!this.capturing) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat) return;
    const action = this.capturing;
    if (e.key === 'Escape') {
      this.stopCapture();
      setText('keys-note', t('prefs.note.nothing'));
      return;
    }
    const name = keyName(e);
    const { map, from, refused } = bindKey(this.prefs.keys, action, name);
    if (refused) {
      setText('keys-note', name ? t('prefs.note.reserved', { key: keyLabel(name) }) : t('prefs.note.reserved_unnamed'));
      return;
    }
    this.capturing = null;
    this.setKeys(map);
    setText('keys-note', from ? t('prefs.note.moved', { key: keyLabel(name), action: labelOf(action), from: labelOf(from) }) : t('prefs.note.bound', { key: keyLabel(name), action: labelOf(action) }));
    this.dialog.querySelector(`button[data-bind="${action}"]`)?.focus();
  }

  render() {
    const eight = this.directions() === 8;
    const rows = ACTIONS.filter((a) => eight || !a.diagonal).map((a) => {
      const keys = this.prefs.keys[a.id] || [];
      const chips = keys.map((/** @type {string} */ k) =>
        el(
          'span',
          { class: 'key' },
          keyLabel(k),
          el('button', { type: 'button', 'data-unbind': a.id, 'data-key': k, 'aria-label': t('prefs.remove_key', { key: keyLabel(k), action: labelOf(a.id) }), text: '×' }),
        ),
      );
      const waiting = this.capturing === a.id;
      return el(
        'tr',
        { 'data-action': a.id },
        el('th', { scope: 'row', text: labelOf(a.id) }),
        el('td', { class: 'keys' }, ...(chips.length ? chips : [el('span', { class: 'muted', text: t('prefs.no_key') })])),
        el('td', {}, el('button', { type: 'button', class: 'secondary small', 'data-bind': a.id, 'aria-pressed': String(waiting), text: waiting ? t('prefs.press_key') : t('prefs.add_key') })),
      );
    });
    $('keys-body').replaceChildren(...rows);
  }
}
