// The join page's preview of the room: before you join, the room's settings, whether its races
// are ranked, its phase, whether it is locked or full, and its players (names, colours, bots, host,
// ready or finished), from GET /api/rooms/{code} (docs/protocol.md, "A summary"). Asked again every few
// seconds while the visitor has not joined, for a bounded time, and not while the tab is hidden. Names go
// in with textContent only.
import { describeSettings, mazeTitle } from './settings.js';
import { el, setText, show, swatch } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { botName } from '../model/bots.js';

export const REFRESH_MS = 3000;
export const MAX_POLLS = 200; // 10 minutes of asking, then the visitor reloads to see more

/** The heading's message for each phase of the room. @type {Record<string, string>} */
const HEADINGS = { lobby: 'join.preview.lobby', countdown: 'join.preview.countdown', racing: 'join.preview.racing', finished: 'join.preview.finished' };

/** A player's tags in the preview: the words of each, and its look. @type {Record<string, string>} */
const TAGS = { bot: 'lobby.tag.bot', host: 'lobby.tag.host', away: 'lobby.tag.away', finished: 'lobby.tag.finished', ready: 'lobby.tag.ready', not_ready: 'lobby.tag.not_ready' };
/** @type {Record<string, string>} */
const TAG_CLASSES = { bot: 'tag bot', ready: 'tag ready' };

/**
 * What a visitor's seat is, as a catalogue key: open, or why not (the lock, every seat taken, a race on).
 * @param {{locked: boolean, full: boolean, open: boolean}} room
 */
export const seatKey = ({ locked, full, open }) =>
  locked ? 'join.seat.locked' : full ? 'join.seat.full' : open ? 'join.seat.open' : 'join.seat.racing';

/**
 * What the preview says of a summary: {heading, settings, seat, players: [{name, colour, tags}]}, or
 * null when it is no summary. Pure: the node tests read it.
 * @param {any} summary GET /api/rooms/{code}'s answer, read defensively
 * @param {typeof t} [translate] the page's t, or another language's (tests)
 * @param {string | null} [title] the title of the published maze the room races, once known
 * `watchOnly`: the room takes no player now or later in this visit (locked, or every seat taken).
 * A player's `tags` are names of TAGS ('bot', 'host', 'away', 'finished', 'ready', 'not_ready').
 * @returns {{heading: string, settings: string, seat: string, seatsOpen: boolean, watchOnly: boolean, players: {name: string, colour: string | undefined, tags: string[]}[]} | null}
 */
export function previewFacts(summary, translate = t, title = null) {
  if (!summary || typeof summary !== 'object' || typeof summary.phase !== 'string') return null;
  const roster = Array.isArray(summary.roster) ? summary.roster : [];
  const count = Number(summary.players) || roster.length;
  const seatsOpen = (summary.phase === 'lobby' || summary.phase === 'finished') && !summary.full && !summary.locked;
  const seat = translate(seatKey({ locked: !!summary.locked, full: !!summary.full, open: seatsOpen }));
  const settings = summary.settings && typeof summary.settings === 'object' ? describeSettings(summary.settings, title) : '';
  return {
    heading: translate(HEADINGS[summary.phase] ?? 'join.preview.other', {
      phase: summary.phase,
      count,
      max: summary.max_players ?? '?',
      watching: Number(summary.spectators) || 0,
    }),
    settings: summary.ranked ? translate('join.preview.ranked', { settings }) : translate('join.preview.not_ranked', { settings }),
    seat,
    seatsOpen,
    watchOnly: !!summary.locked || !!summary.full,
    players: roster.map((/** @type {any} */ p) => ({
      name: p.bot ? botName(p.bot, String(p.name ?? '')) : String(p.name ?? ''),
      colour: p.colour,
      tags: [
        p.bot ? 'bot' : null,
        p.host ? 'host' : null,
        p.connected === false ? 'away' : null,
        // the host starts the race and has no ready toggle: no ready tag, as in the lobby itself
        p.finished ? 'finished' : summary.phase === 'lobby' && !p.host ? (p.ready ? 'ready' : 'not_ready') : null,
      ].filter((tag) => tag !== null),
    })),
  };
}

/**
 * The preview box (room.html #room-preview): `sync(joined)` starts or stops the asking; `gone` (the
 * server knows no such room) and `watchOnly` (locked or full) tell the join panel what to offer.
 */
export class RoomPreview {
  /**
   * @param {HTMLElement} box
   * @param {string} code
   * @param {(url: string) => Promise<{ok: boolean, status: number, json(): Promise<any>}>} [fetcher]
   */
  constructor(box, code, fetcher = (url) => fetch(url)) {
    this.box = box;
    this.code = code;
    this.fetcher = fetcher;
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.timer = 0;
    this.polls = 0;
    this.running = false;
    /** @type {any} */
    this.last = null; // the last summary, or null
    this.gone = false;
    this.watchOnly = false;
    this.changed = () => {}; // told after each answer: the page redraws what depends on gone and watchOnly
    document.addEventListener('visibilitychange', () => {
      if (this.running && !document.hidden) this.refresh();
    });
  }

  /** Ask once now; resolves with the summary (null when the room is unknown or unreachable). */
  async refresh() {
    clearTimeout(this.timer);
    let summary = null;
    let gone = false;
    try {
      const response = await this.fetcher(`/api/rooms/${encodeURIComponent(this.code)}`);
      gone = response.status === 404;
      if (response.ok) summary = await response.json();
    } catch {
      /* the server is away: keep the last picture and ask again */
    }
    if (summary || gone) this.last = summary;
    this.draw(gone);
    this.changed();
    this.polls += 1;
    if (this.running && !document.hidden && this.polls < MAX_POLLS && !gone) {
      this.timer = setTimeout(() => this.refresh(), REFRESH_MS);
    }
    return summary;
  }

  /** Keep asking while the visitor has not joined; stop once they have. */
  /** @param {boolean} joined */
  sync(joined) {
    if (joined && this.running) {
      this.running = false;
      clearTimeout(this.timer);
    } else if (!joined && !this.running) {
      this.running = true;
      this.polls = 0;
      return this.refresh();
    }
    return Promise.resolve(this.last);
  }

  /** @param {boolean} gone */
  draw(gone) {
    const code = this.last?.settings?.maze;
    const title = typeof code === 'string' && code ? mazeTitle(code, () => this.draw(this.gone)) : null;
    const facts = previewFacts(this.last, t, title);
    this.gone = gone;
    this.watchOnly = !!facts?.watchOnly;
    show(this.box, !!facts); // no such room: the join panel says so alone
    /** @type {(name: string) => any} */
    const part = (name) => this.box.querySelector(`[data-part="${name}"]`);
    if (!facts) {
      setText(part('heading'), '');
      setText(part('settings'), '');
      setText(part('seat'), '');
      part('players').replaceChildren();
      return;
    }
    setText(part('heading'), facts.heading);
    setText(part('settings'), facts.settings);
    setText(part('seat'), facts.seat);
    part('players').replaceChildren(
      ...facts.players.map((p) =>
        el('li', {}, swatch(p.colour), el('span', { class: 'name', text: p.name }), ...p.tags.map((tag) => el('span', { class: TAG_CLASSES[tag] ?? 'tag', text: t(TAGS[tag]) }))),
      ),
    );
    if (!facts.players.length) part('players').append(el('li', { class: 'muted', text: t('join.preview.nobody') }));
  }
}
