// The join page's preview of the room: before you join, the room's settings, whether its races
// are ranked, its phase, whether it is locked or full, and its players (names, colours, bots, host,
// ready or finished), from GET /api/rooms/{code} (docs/protocol.md, "A summary"). Asked again every few
// seconds while the visitor has not joined, for a bounded time, and not while the tab is hidden. Names go
// in with textContent only.
import { describeSettings } from './settings.js';
import { el, setText, show, swatch } from '../common/ui.js';

export const REFRESH_MS = 3000;
export const MAX_POLLS = 200; // 10 minutes of asking, then the visitor reloads to see more

/** @type {Record<string, string>} */
const PHASES = { lobby: 'In the lobby', countdown: 'Starting', racing: 'Racing', finished: 'Showing the results' };

/**
 * What the preview says of a summary: {heading, settings, seat, players: [{name, colour, tags}]}, or
 * null when it is no summary. Pure: the node tests read it.
 * @param {any} summary GET /api/rooms/{code}'s answer, read defensively
 * `watchOnly`: the room takes no player now or later in this visit (locked, or every seat taken).
 * @returns {{heading: string, settings: string, seat: string, seatsOpen: boolean, watchOnly: boolean, players: {name: string, colour: string | undefined, tags: string[]}[]} | null}
 */
export function previewFacts(summary) {
  if (!summary || typeof summary !== 'object' || typeof summary.phase !== 'string') return null;
  const roster = Array.isArray(summary.roster) ? summary.roster : [];
  const count = Number(summary.players) || roster.length;
  const seatsOpen = (summary.phase === 'lobby' || summary.phase === 'finished') && !summary.full && !summary.locked;
  let seat = 'You can join as a player.';
  if (summary.locked) seat = 'The host has locked the room: you can watch.';
  else if (summary.full) seat = 'Every seat is taken: you can watch.';
  else if (!seatsOpen) seat = 'A race is on: you can watch, and take a seat when it is over.';
  const settings = summary.settings && typeof summary.settings === 'object' ? describeSettings(summary.settings) : '';
  return {
    heading: `${PHASES[summary.phase] ?? summary.phase} · ${count}/${summary.max_players ?? '?'} players · ${Number(summary.spectators) || 0} watching`,
    settings: `${settings}${summary.ranked ? ' · ranked' : ' · not ranked'}`,
    seat,
    seatsOpen,
    watchOnly: !!summary.locked || !!summary.full,
    players: roster.map((/** @type {any} */ p) => ({
      name: String(p.name ?? ''),
      colour: p.colour,
      tags: [
        p.bot ? 'bot' : null,
        p.host ? 'host' : null,
        p.connected === false ? 'away' : null,
        p.finished ? 'finished' : summary.phase === 'lobby' ? (p.ready ? '✓ ready' : 'not ready') : null,
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
    const facts = previewFacts(this.last);
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
        el('li', {}, swatch(p.colour), el('span', { class: 'name', text: p.name }), ...p.tags.map((t) => el('span', { class: `tag${t === 'bot' ? ' bot' : ''}${t === '✓ ready' ? ' ready' : ''}`, text: t }))),
      ),
    );
    if (!facts.players.length) part('players').append(el('li', { class: 'muted', text: 'Nobody has joined yet.' }));
  }
}
