// The room's lobby panel (before a race and during its countdown): the player list with its tags and
// the host's buttons, the ready/start/lock buttons and the line under them, the settings form (written
// from the room's settings unless someone is editing it, locked for all but the host in the lobby; a
// daily room shows only what today's maze is, since its settings are fixed) and the invite card's link
// buttons. Separate from room.js so the page's wiring does not hold the
// lobby's DOM: LobbyView redraws it from the state; bindLobbyControls turns its buttons into commands.
import { describeSettings, lockSettings, mazeTitle, readSettings, writeSettings } from './settings.js';
import { ghostNote } from './ghost-ui.js';
import { botTag } from './bots-ui.js';
import { makeHostButton } from './host-tools.js';
import { $, el, message, setText, show, swatch } from '../common/ui.js';
import { language, t } from '../common/i18n.js';

/** @typedef {import('../model/state.js').RoomState} RoomState */
/** @typedef {import('../model/room-records.js').Player} Player */

export class LobbyView {
  /**
   * state: the RoomState; session: read for `rules`; bots: the bots card (BotPanel); isYou(id).
   * @param {{state: RoomState, session: import('../model/state.js').Session, bots: {update(): void}, isYou: (id: string) => boolean}} parts
   */
  constructor({ state, session, bots, isYou }) {
    this.state = state;
    this.session = session;
    this.bots = bots;
    this.isYou = isYou;
    this.lastSettings = ''; // the settings last written into the form (JSON)
  }

  /**
   * Redraw the lobby for `me` (this tab's player entry, or null watching).
   * @param {Player | null} me
   */
  update(me) {
    const { state, isYou } = this;
    const host = state.isHost();
    $('players').replaceChildren(
      ...state.players.map((p) =>
        el(
          'li',
          { class: p.connected ? '' : 'offline', 'data-player-id': p.id },
          swatch(p.colour),
          el('span', { class: 'name', text: isYou(p.id) ? t('lobby.name_you', { name: p.name }) : p.name }),
          botTag(p.bot),
          p.host ? el('span', { class: 'tag', text: t('lobby.tag.host') }) : null,
          p.connected ? null : el('span', { class: 'tag', text: t('lobby.tag.away') }),
          // the host starts the race (racing whether or not they pressed anything): no ready tag
          p.host ? null : el('span', { class: `tag${p.ready ? ' ready' : ''}`, text: p.ready ? t('lobby.tag.ready') : t('lobby.tag.not_ready') }),
          hostActions(
            host && !isYou(p.id) && !p.bot // a bot is removed in the bots card
              ? el('button', { type: 'button', class: 'secondary small', 'data-kick': p.id, text: t('lobby.remove'), 'aria-label': t('lobby.remove_name', { name: p.name }) })
              : null,
            makeHostButton(state, p),
          ),
        ),
      ),
    );
    // One main action a screen, filled; the rest are secondary. A player's is Ready (secondary once
    // pressed: then there is nothing to do but wait); the host's is Start, which races whether or not
    // they are "ready", so they get no Ready button. Start waits, disabled, for the others to be ready,
    // and "Start without …" names whom it leaves out (they watch that race) before it is pressed.
    const ready = $('ready-toggle');
    show(ready, !!me && !host);
    ready.setAttribute('aria-pressed', String(!!me?.ready));
    ready.classList.toggle('secondary', !!me?.ready);
    setText(ready, me?.ready ? t('lobby.ready_done') : t('lobby.ready'));
    ready.disabled = state.phase !== 'lobby';
    const unready = state.players.filter((p) => p.connected && !p.ready && !p.host);
    const waiting = unready.length;
    show('start-button', host);
    $('start-button').disabled = state.phase !== 'lobby' || waiting > 0;
    const names = nameList(unready.map((p) => p.name));
    show('start-ready-button', host && waiting > 0 && state.phase === 'lobby');
    if (waiting) setText('start-ready-button', t('lobby.start_without', { names }));
    show('lock-toggle', host);
    setText('lock-toggle', state.locked ? t('lobby.unlock') : t('lobby.lock'));
    $('lock-toggle').setAttribute('aria-pressed', String(!!state.locked));
    const others = state.players.filter((p) => p.connected && !isYou(p.id)).length;
    setText('start-note', startNote(state.phase, host, unready.map((p) => p.name), others, me));
    this.updateSettings(host);
    setText('ghost-note', ghostNote(state.ghosts));
    show('ghost-note', state.ghosts.length > 0);
    this.bots.update();
  }

  /**
   * Arriving in the lobby, the keyboard starts on its main action: Start for a host who may start now,
   * Ready for a player; nothing for a watcher.
   */
  focusMainAction() {
    const start = $('start-button');
    const ready = $('ready-toggle');
    const target = this.state.isHost() ? start : ready; // the host has no Ready; a waiting Start takes no focus
    if (!target.hidden && !target.disabled) target.focus();
  }

  /** The settings card: the form (the host edits it in the lobby), or today's maze in a daily room. */
  /** @param {boolean} host */
  updateSettings(host) {
    const { state } = this;
    const daily = state.daily !== null;
    const s = state.settings;
    setText('settings-heading', daily ? t('lobby.daily_heading', { rows: s.rows ?? '?', cols: s.cols ?? '?' }) : t('lobby.settings'));
    show('settings-form', !daily);
    const form = $('settings-form');
    const json = JSON.stringify(state.settings);
    if (this.session.rules && json !== this.lastSettings && !form.contains(document.activeElement)) {
      this.lastSettings = json;
      writeSettings(form, state.settings);
    }
    const fixed = state.ghosts.length > 0; // a ghost races its stored race's maze: the server refuses changes
    lockSettings(form, !host || state.phase !== 'lobby' || fixed);
    show('settings-apply', host && !fixed);
    const title = s.maze ? mazeTitle(s.maze, () => this.updateSettings(this.state.isHost())) : null;
    setText('settings-summary', daily ? t('lobby.daily_summary', { settings: describeSettings(s) }) : describeSettings(s, title));
  }
}

/**
 * The host's buttons for a player, together: they go under the name when the row is narrow, never
 * squeezing it (room.css).
 * @param {...(HTMLElement | null)} buttons
 */
function hostActions(...buttons) {
  return buttons.some(Boolean) ? el('span', { class: 'host-actions' }, ...buttons) : null;
}

/**
 * Names as one list in the page's language: "Bo", "Bo and Cy", "Bo, Cy and Di".
 * @param {string[]} names
 */
function nameList(names) {
  return new Intl.ListFormat(language === 'zh-CN' ? 'zh-CN' : 'en', { type: 'conjunction' }).format(names);
}

/**
 * The line under the lobby's buttons: what happens next, for the host, a player or a watcher. The
 * host races whether or not they pressed Ready, so "everyone is ready" counts the others; while
 * Start waits, the line says for whom, and that "Start without" makes them watch.
 * @param {RoomState['phase']} phase
 * @param {boolean} host
 * @param {string[]} unready the names of the connected players other than the host who are not ready
 * @param {number} others connected players other than you
 * @param {Player | null} me
 */
function startNote(phase, host, unready, others, me) {
  if (phase === 'countdown') return t('lobby.note.countdown');
  if (host) {
    if (unready.length) return t('lobby.note.waiting_for', { names: nameList(unready) });
    if (!others) return t('lobby.note.alone');
    return t('lobby.note.others_ready');
  }
  if (me && !me.ready) return t('lobby.note.press_ready');
  return me ? t('lobby.note.player') : t('lobby.note.watcher');
}

/**
 * The lobby's buttons and forms. command(name, payload, done): send a command, say a refusal, then
 * `done(ack)`; link: the room's share link.
 * @param {{state: RoomState, session: import('../model/state.js').Session, command: (name: string, payload: object, done?: (ack: import('../model/wire-types.js').Ack) => void) => void, link: string}} parts
 */
export function bindLobbyControls({ state, session, command, link }) {
  $('ready-toggle').addEventListener('click', () => command('ready', { ready: !state.me()?.ready }));
  $('start-button').addEventListener('click', () => command('start', {}));
  $('start-ready-button').addEventListener('click', () => command('start', { without_unready: true }));
  $('lock-toggle').addEventListener('click', () => command('lock', { locked: !state.locked }));
  $('players').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-kick]'));
    if (button) command('kick', { id: button.dataset.kick });
  });
  $('settings-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    if (!session.rules) return message(t('lobby.settings_no_rules'));
    const settings = readSettings(e.target);
    if (!settings.hint_methods.length) return message(t('lobby.pick_method'));
    if ('maze' in settings && settings.maze === undefined) return message(t('settings.maze_bad_code'));
    command('settings', settings, () => message(t('lobby.settings_saved'), 'info', 2000));
  });
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      $('share-link').select();
      document.execCommand?.('copy');
    }
    message(t('lobby.link_copied'), 'info', 2000);
  });
  if (navigator.share) {
    show('share-button');
    $('share-button').addEventListener('click', () => navigator.share({ title: t('common.brand'), text: t('lobby.share_text'), url: link }).catch(() => {}));
  }
}
