// Quick reactions: a short fixed set, served in GET /api/rules (`reactions`), sent with `react`
// and shown for a few seconds beside the name of whoever sent them (docs/protocol.md, "Reactions"). No
// free text at all: the page shows only emoji from the server's set, with textContent, or their short
// labels where no font draws emoji (the buttons would be blank boxes).
import { announce, el, message } from '../common/ui.js';
import { serverMessage, t } from '../common/i18n.js';

export const SHOW_MS = 3000;

/** @type {boolean | null} */
let emojiDrawn = null;
/**
 * Whether a font here draws emoji: without one, an emoji is measured as wide as a character no font
 * has (a private-use code point), since both fall back to the same missing-glyph box.
 */
function canDrawEmoji() {
  if (emojiDrawn === null) {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return (emojiDrawn = true);
    ctx.font = '32px sans-serif';
    emojiDrawn = ctx.measureText('\u{1F44D}').width !== ctx.measureText('\u{10FFFD}').width;
  }
  return emojiDrawn;
}

/** The catalogue's words for each reaction of the server's set (which names them in English). */
const LABELS = /** @type {Record<string, string>} */ ({
  gg: 'reaction.gg',
  wow: 'reaction.wow',
  oops: 'reaction.oops',
  nice: 'reaction.nice',
  lol: 'reaction.lol',
  go: 'reaction.go',
});

/** A reaction's words in the page's language (the server's label for a key the catalogue lacks). @param {Reaction} r */
export const labelOf = (r) => (Object.hasOwn(LABELS, r.key) ? t(LABELS[r.key]) : r.label);

/** What a reaction shows: its emoji, or its label where emoji cannot be drawn. @param {Reaction} r */
export const faceOf = (r) => (canDrawEmoji() ? r.emoji : labelOf(r));

/** A reaction as the rules serve it. @typedef {{key: string, emoji: string, label: string}} Reaction */

/**
 * The reactions of the rules, [{key, emoji, label}] (well-formed entries only; [] without any).
 * @param {any} rules
 * @returns {Reaction[]}
 */
export function reactionSet(rules) {
  const served = Array.isArray(rules?.reactions) ? rules.reactions : [];
  return served
    .filter((/** @type {any} */ r) => r && typeof r.key === 'string' && typeof r.emoji === 'string' && typeof r.label === 'string')
    .map((/** @type {Reaction} */ { key, emoji, label }) => ({ key, emoji, label }));
}

/** Who shows what now: the reactions still on show at `now`, as a Map id -> reaction (pure: node tests). */
export class ReactionBoard {
  /** @param {readonly Reaction[]} [set] */
  constructor(set = []) {
    this.byKey = new Map(set.map((r) => [r.key, r]));
    /** @type {Map<string, {reaction: Reaction, until: number}>} */
    this.shown = new Map(); // id -> {reaction, until}
  }

  /** Note a `reacted` {id, reaction}; the reaction, or null when it is none of the set. */
  /** @param {any} data the event's data, read defensively @param {number} now */
  note(data, now) {
    const reaction = this.byKey.get(data?.reaction);
    if (!reaction || typeof data.id !== 'string') return null;
    this.shown.set(data.id, { reaction, until: now + SHOW_MS });
    return reaction;
  }

  /** The reaction `id` shows at `now`, or null. */
  /** @param {string} id @param {number} now */
  of(id, now) {
    const entry = this.shown.get(id);
    if (!entry) return null;
    if (entry.until <= now) {
      this.shown.delete(id);
      return null;
    }
    return entry.reaction;
  }
}

/**
 * The reaction buttons (in each of `bars`), the listener for `reacted`, and the badges beside names.
 * `request(name, payload)` sends a command; `changed()` asks the page to redraw; `nameOf(id)` names a
 * player (null for a spectator).
 */
export class Reactions {
  /**
   * @param {{bars: HTMLElement[], request: (name: string, payload: object) => Promise<import('../model/wire-types.js').Ack>,
   *   changed: () => void, nameOf: (id: string) => string | null}} parts
   */
  constructor({ bars, request, changed, nameOf }) {
    this.bars = bars;
    this.request = request;
    this.changed = changed;
    this.nameOf = nameOf;
    this.board = new ReactionBoard();
    for (const bar of bars) {
      bar.addEventListener('click', (e) => {
        const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-reaction]'));
        if (button) this.send(String(button.dataset.reaction));
      });
    }
  }

  /** @param {any} rules */
  setRules(rules) {
    const set = reactionSet(rules);
    this.board = new ReactionBoard(set);
    for (const bar of this.bars) {
      bar.replaceChildren(
        ...set.map((r) => el('button', { type: 'button', class: 'secondary small reaction', 'data-reaction': r.key, text: faceOf(r), title: labelOf(r), 'aria-label': t('reaction.send', { label: labelOf(r) }) })),
      );
    }
  }

  /** Listen for `reacted` on the room's socket. */
  /** @param {{on(name: string, listener: (data: any) => void): void}} socket */
  attach(socket) {
    socket.on('reacted', (data) => {
      const reaction = this.board.note(data, Date.now());
      if (!reaction) return;
      const name = this.nameOf(data.id);
      announce(name == null ? t('reaction.spectator_said', { label: labelOf(reaction) }) : t('reaction.said', { name, label: labelOf(reaction) }));
      this.changed();
      setTimeout(() => this.changed(), SHOW_MS + 50);
    });
  }

  /** @param {string} key */
  async send(key) {
    const ack = await this.request('react', { reaction: key });
    if (!ack.ok) message(ack.error?.code === 'rate_limited' ? t('reaction.too_fast') : serverMessage(ack.error), 'info', 2500);
  }

  /** Put the badges of the reactions on show beside the names under `root` (elements with data-player-id and a .name), and beside the spectator count `watching`. */
  /**
   * @param {ParentNode} root
   * @param {HTMLElement | null} watching
   */
  decorate(root, watching) {
    const now = Date.now();
    for (const row of root.querySelectorAll('[data-player-id]')) {
      const name = row.querySelector('.name');
      const reaction = this.board.of(String(/** @type {HTMLElement} */ (row).dataset.playerId), now);
      const badge = /** @type {HTMLElement | null | undefined} */ (name?.querySelector('.reacted'));
      if (badge && badge.dataset.reaction === reaction?.key) continue;
      badge?.remove();
      if (name && reaction) name.append(el('span', { class: 'reacted', 'data-reaction': reaction.key, text: faceOf(reaction), title: labelOf(reaction) }));
    }
    /** @type {Reaction | null} */
    let spectator = null;
    for (const id of this.board.shown.keys()) if (id.startsWith('s')) spectator = this.board.of(id, now) ?? spectator;
    if (watching) {
      watching.textContent = spectator ? faceOf(spectator) : '';
      watching.title = spectator ? t('reaction.spectator_said', { label: labelOf(spectator) }) : '';
      watching.hidden = !spectator;
    }
  }
}
