// Host and room tools: the host's "make host" button beside each player who may take the role,
// and "take a seat" for a spectator when the room has a free seat between races. The server decides
// (docs/protocol.md, `pass_host`, `take_seat`); these only ask and show its answers.
import { loadName, saveName, saveToken } from '../common/storage.js';
import { el, message, show } from '../common/ui.js';
import { serverMessage, t } from '../common/i18n.js';

/** @typedef {import('../model/state.js').RoomState} RoomState */
/** @typedef {import('../model/room-records.js').Player} Player */

/**
 * Whether the host may hand the role to player `p` (a connected person still here, not themselves).
 * @param {RoomState} state
 * @param {Player | null | undefined} p
 */
export const mayHost = (state, p) => state.isHost() && !!p && p.id !== state.you?.id && !p.bot && p.connected && !p.left;

/**
 * Whether a spectator could take a seat now: between races, the room open, a seat free.
 * @param {RoomState} state
 */
export function seatOpen(state) {
  const max = Number(state.settings?.max_players) || 0;
  const seated = state.players.filter((p) => !p.left).length;
  return state.you?.role === 'spectator' && (state.phase === 'lobby' || state.phase === 'finished') && !state.locked && seated < max;
}

/**
 * The "make host" button for player `p`, or null (the lobby's list holds it; `HostTools` hears its click).
 * @param {RoomState} state
 * @param {Player} p
 */
export function makeHostButton(state, p) {
  return mayHost(state, p) ? el('button', { type: 'button', class: 'secondary small', 'data-make-host': p.id, text: t('host.make_host'), 'aria-label': t('host.make_host_name', { name: p.name }) }) : null;
}

/**
 * `code`: the room; `list`: the lobby's player list (its "make host" clicks); `forms`: the seat forms (each with an input
 * named "name"); `request(name, payload)` sends a command; `seated(you, name)` tells the page who it is now.
 */
export class HostTools {
  /**
   * @param {{code: string, list: HTMLElement, forms: HTMLFormElement[], request: (name: string, payload: object) => Promise<import('../model/wire-types.js').Ack>,
   *   seated: (you: import('../model/wire-types.js').You | undefined, name: string) => void, changed: () => void}} parts
   */
  constructor({ code, list, forms, request, seated, changed }) {
    this.code = code;
    this.forms = forms;
    this.request = request;
    this.seated = seated;
    this.changed = changed;
    this.busy = false;
    list.addEventListener('click', async (e) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-make-host]'));
      if (!button) return;
      const ack = await this.request('pass_host', { to: button.dataset.makeHost });
      if (!ack.ok) message(serverMessage(ack.error));
      this.changed();
    });
    for (const form of forms) {
      const input = /** @type {HTMLInputElement} */ (form.querySelector('input'));
      input.value = loadName();
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        this.takeSeat(input.value.trim());
      });
    }
  }

  /** @param {string} name */
  async takeSeat(name) {
    if (!name) return message(t('join.name_first'));
    if (this.busy) return;
    this.busy = true;
    const ack = await this.request('take_seat', { name });
    this.busy = false;
    if (!ack.ok) {
      message(serverMessage(ack.error));
      return;
    }
    saveName(name);
    if (ack.you?.token) saveToken(this.code, ack.you.token);
    this.seated(ack.you, name);
  }

  /**
   * Show the seat forms when a seat is open to this spectator.
   * @param {RoomState} state
   */
  update(state) {
    const open = seatOpen(state);
    for (const form of this.forms) show(form, open);
  }
}
