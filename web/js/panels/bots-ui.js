// Bots in the pages: the host's "Add a bot" card in the room lobby (a kind, a speed, the
// bots with a remove button), the "bot" badge everyone sees beside a bot's name (room and replay), the
// kind select "Race a bot now" shares (race-bot.js), and the start of the race that asked for. The server decides everything (docs/
// protocol.md, `add_bot`, `remove_bot`); this only asks and shows its answers, with textContent only.
import { botChoices, readSpeed } from '../model/bots.js';
import { BOT_LABELS } from '../common/labels.js';
import { serverMessage, t } from '../common/i18n.js';
import { takeBotRace } from '../common/storage.js';
import { announce, el, message, setText, show, swatch } from '../common/ui.js';

/** @typedef {import('../model/wire-types.js').Ack} Ack */
/** @typedef {import('../model/bots.js').BotChoices} BotChoices */

/**
 * The small badge beside a bot's name (a player entry's `bot` or a result row's), or null for a person.
 * @param {import('../model/wire-types.js').BotSpec | string | null | undefined} bot
 */
export function botTag(bot) {
  if (bot == null) return null;
  const kind = typeof bot === 'string' ? bot : bot.kind;
  if (typeof kind !== 'string' || !kind) return null;
  const speed = typeof bot === 'object' && Number.isInteger(bot.speed) ? bot.speed : null;
  const name = kindShort(kind);
  return speed == null
    ? el('span', { class: 'tag bot', text: t('lobby.bot_tag', { name }), title: t('lobby.bot_title', { name }) })
    : el('span', { class: 'tag bot', text: t('lobby.bot_tag_speed', { name, speed }), title: t('lobby.bot_title_speed', { name, count: speed }) });
}

/** A kind's short name for the badge ("DFS"), the kind itself when the catalogue has none. @param {string} kind */
const kindShort = (kind) => (Object.hasOwn(BOT_LABELS, kind) ? BOT_LABELS[kind].short : kind);

/**
 * Fill a kind select with the server's kinds (their names; how each walks as the title) and pick one.
 * @param {HTMLSelectElement} node
 * @param {readonly import('../model/bots.js').BotKind[]} kinds
 * @param {string} picked
 */
export function select(node, kinds, picked) {
  node.replaceChildren(...kinds.map(({ kind, name, about }) => el('option', { value: kind, text: name, title: about })));
  node.value = picked;
}

/**
 * The line on how the kind `value` walks, or ''.
 * @param {BotChoices | null} choices
 * @param {string} value
 */
export const aboutOf = (choices, value) => choices?.kinds.find((k) => k.kind === value)?.about ?? '';

/**
 * The host's bots card in the room lobby. `card` holds #bot-kind, #bot-about, #bot-speed, #add-bot-form
 * and #bot-list (room.html); `state` is the RoomState; `request(name, payload)` sends a command and
 * resolves with its ack; `changed()` asks the page to redraw.
 */
export class BotPanel {
  /**
   * @param {HTMLElement} card
   * @param {{state: import('../model/state.js').RoomState, request: (name: string, payload: object) => Promise<Ack>, changed: () => void}} parts
   */
  constructor(card, { state, request, changed }) {
    this.card = card;
    this.state = state;
    this.request = request;
    this.changed = changed;
    /** @type {(id: string) => any} one of the card's elements by id (an input, a select, a list...) */
    this.part = (id) => card.querySelector(`#${id}`);
    this.shown = '';
    this.busy = false;
    /** @type {BotChoices | null} */
    this.choices = null; // the server's kinds and speeds, once its rules are in
    this.part('bot-kind').addEventListener('change', () => this.describe());
    this.part('add-bot-form').addEventListener('submit', (/** @type {Event} */ e) => {
      e.preventDefault();
      this.add();
    });
    this.part('bot-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-remove-bot]'));
      if (button) this.remove(String(button.dataset.removeBot));
    });
    this.setRules(null);
  }

  /** The kinds and speeds to offer, from the server's rules (GET /api/rules); none without them. */
  /** @param {any} rules */
  setRules(rules) {
    this.choices = botChoices(rules);
    if (!this.choices) {
      setText(this.part('bot-about'), t('lobby.bot_no_rules'));
      return;
    }
    const { kinds, min, max, pick } = this.choices;
    select(this.part('bot-kind'), kinds, pick.kind);
    Object.assign(this.part('bot-speed'), { min, max, value: String(pick.speed) });
    setText(this.part('bot-speed-label'), t('lobby.bot_speed_range', { min, max }));
    this.describe();
  }

  describe() {
    setText(this.part('bot-about'), aboutOf(this.choices, this.part('bot-kind').value));
  }

  /** Show the card to the host in the lobby, with the room's bots; redrawn only when they change. */
  update() {
    const open = this.state.isHost() && this.state.phase === 'lobby';
    show(this.card, open);
    this.part('add-bot').disabled = this.busy || !open || !this.choices;
    const bots = this.state.players.filter((p) => p.bot);
    const key = JSON.stringify([open, bots.map((p) => [p.id, p.name, p.colour, p.bot])]);
    if (key === this.shown) return;
    this.shown = key;
    show(this.part('bot-none'), !bots.length);
    this.part('bot-list').replaceChildren(
      ...bots.map((p) =>
        el(
          'li',
          { 'data-player-id': p.id },
          swatch(p.colour),
          el('span', { class: 'name', text: p.name }),
          botTag(p.bot),
          el('button', { type: 'button', class: 'secondary small', 'data-remove-bot': p.id, text: t('lobby.remove'), 'aria-label': t('lobby.remove_name', { name: p.name }) }),
        ),
      ),
    );
  }

  async add() {
    const read = readSpeed(this.part('bot-speed').value, /** @type {BotChoices} */ (this.choices)); // the add button waits for them
    if (read.error) {
      message(t('lobby.bot_speed_bad', { min: this.choices?.min ?? 0, max: this.choices?.max ?? 0 }));
      this.part('bot-speed').focus();
      return;
    }
    const kind = this.part('bot-kind').value;
    this.busy = true;
    this.update();
    try {
      const ack = await this.request('add_bot', { kind, speed: read.speed });
      if (!ack.ok) message(serverMessage(ack.error));
      else announce(t('lobby.bot_joined', { name: this.state.player(ack.id)?.name ?? t('lobby.tag.bot') }));
    } finally {
      this.busy = false;
      this.changed();
    }
  }

  /** @param {string} id */
  async remove(id) {
    const ack = await this.request('remove_bot', { id });
    if (!ack.ok) message(serverMessage(ack.error));
    this.changed();
  }

  /**
   * After joining: if this tab came from "Race a bot now" for this room, add the bot asked for and start
   * at once (the host only, in the lobby; the request is forgotten either way, so a reload does not add
   * a second bot).
   * @param {string} code
   */
  async raceIfAsked(code) {
    const asked = takeBotRace(code);
    if (!asked || !this.state.isHost() || this.state.phase !== 'lobby') return;
    const added = await this.request('add_bot', { kind: asked.kind, speed: asked.speed });
    if (!added.ok) {
      message(serverMessage(added.error), 'error', 8000);
      return;
    }
    const started = await this.request('start', {});
    if (!started.ok) message(serverMessage(started.error), 'error', 8000);
    else announce(t('lobby.bot_race', { name: this.state.player(added.id)?.name ?? t('lobby.tag.bot') }));
    this.changed();
  }
}
