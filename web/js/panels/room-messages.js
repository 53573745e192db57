// What the room page tells people in words: the connection pill and the latency, the server's notices
// (restarting, replaced, removed, results not saved) and, for screen readers or as a message when it
// concerns you, what happened in the room (joined, new host, Go!, finished, a hint used, the race
// over, the rematch). Separate from room.js because it only says things: what the page does about
// the same events (the maze, the results, the fog) stays in the wiring.
import { botName } from '../model/bots.js';
import { seatKey } from './preview.js';
import { $, announce, message, ordinal, setText } from '../common/ui.js';
import { formatRaceTime, t } from '../common/i18n.js';

/** The connection pill's words for each state. @type {Record<string, string>} */
const STATUSES = { connecting: 'room.conn.connecting', connected: 'room.conn.connected', reconnecting: 'room.conn.reconnecting', offline: 'room.conn.offline' };

/**
 * The connection pill ('connecting' | 'connected' | 'reconnecting' | 'offline'), said aloud when lost and back.
 * @param {string} status
 */
export function showStatus(status) {
  const pill = $('conn-state');
  const was = pill.dataset.state;
  pill.dataset.state = status;
  setText(/** @type {HTMLElement} */ (pill.querySelector('.conn-text')), t(STATUSES[status] ?? 'room.conn.offline')); // beside a coloured dot
  if (status === 'reconnecting' && was === 'connected') announce(t('room.conn.lost'));
  if (status === 'connected' && was === 'reconnecting') announce(t('room.conn.back'));
}

/** @param {number} ms */
export function showLatency(ms) {
  setText('latency', t('room.latency', { ms: Math.round(ms) }));
}

/** A join refused for now (the room moves between servers): socket.js tries again. */
/** A join refused for now and asked again: the room is moving, or this address asked too often.
 * @param {import('../model/wire-types.js').Ack} ack */
export function showRetrying(ack) {
  const limited = ack?.error?.code === 'rate_limited';
  message(limited ? t('room.retry_limited') : t('room.retry_moving'), 'info', 4000);
}

/** The server's notices a player reads, by kind (another kind shows the server's own words). @type {Record<string, string>} */
const NOTICES = { results_not_saved: 'room.notice.results_not_saved', results_saved: 'room.notice.results_saved' };

/**
 * A notice from the server (socket.js's onNotice), in words.
 * @param {string} kind
 * @param {any} data the event's data, read defensively
 */
export function showNotice(kind, data) {
  if (kind === 'closing') message(t('room.notice.closing'), 'info', 8000);
  if (kind === 'replaced') message(t('room.notice.replaced'), 'error', 0);
  if (kind === 'kicked') message(t('room.notice.kicked'), 'error', 0);
  // results_not_saved stays up until results_saved replaces it (textContent: the server's words, never markup)
  if (kind === 'notice' && typeof data?.message === 'string') {
    const known = Object.hasOwn(NOTICES, data.kind) ? t(NOTICES[data.kind]) : data.message.slice(0, 200);
    message(known, data.kind === 'results_not_saved' ? 'error' : 'info', data.kind === 'results_not_saved' ? 0 : 6000);
  }
}

/** A hint method's name as a player reads it (DFS, BFS, A*...), or the server's own word for it. @type {Record<string, string>} */
const METHODS = { dfs: 'room.method.dfs', 'dfs-recursive': 'room.method.dfs_recursive', bfs: 'room.method.bfs', astar: 'room.method.astar', random: 'room.method.random' };
/**
 * Why a join as a player made this tab a spectator, read off the room its snapshot shows: the lock, every
 * seat taken, or a race on.
 * @param {{locked?: boolean, players: unknown[], settings: {max_players?: number}}} room
 */
export function whyWatching(room) {
  const seats = Number(room.settings?.max_players);
  return t(seatKey({ locked: !!room.locked, full: Number.isFinite(seats) && room.players.length >= seats, open: false }));
}

/** @param {unknown} method */
const methodName = (method) => (typeof method === 'string' && Object.hasOwn(METHODS, method) ? t(METHODS[method]) : String(method ?? ''));

/**
 * What a new host is called: you, a player by name, or nobody (the last player left: the room waits
 * for one, and its first player will be the host).
 * @param {string | null | undefined} id
 * @param {{isYou: (id: string) => boolean, nameOf: (id: string) => string}} names
 */
export function hostChangeText(id, { isYou, nameOf }) {
  if (!id) return t('room.event.host_none');
  return isYou(id) ? t('room.event.host_you') : t('room.event.host_other', { name: nameOf(id) });
}

/**
 * Say a room event (also one replayed after a snapshot). isYou(id); nameOf(id).
 * @param {Pick<import('../model/wire-types.js').Envelope, 't' | 'd'>} env
 * @param {{isYou: (id: string) => boolean, nameOf: (id: string) => string}} names
 */
export function announceEvent({ t: type, d }, { isYou, nameOf }) {
  switch (type) {
    case 'joined':
      if (d.name && !isYou(d.id)) {
        const name = d.bot ? botName(d.bot, d.name) : d.name;
        announce(d.role === 'spectator' ? t('room.event.joined_watch', { name }) : t('room.event.joined', { name }));
      }
      break;
    case 'host': // said where everyone sees it: the Start button has moved to someone else's page
      message(hostChangeText(d.id, { isYou, nameOf }), 'info', 5000);
      break;
    case 'started':
      announce(t('room.event.go'));
      break;
    case 'finished': {
      const time = formatRaceTime((d.time ?? 0) + (d.penalty ?? 0));
      const place = ordinal(d.rank);
      if (isYou(d.id)) message(t('room.event.finished_you', { place, time }), 'info', 6000);
      else announce(t('room.event.finished', { name: nameOf(d.id), place, time }));
      break;
    }
    case 'hinted':
      if (!isYou(d.id)) announce(t('room.event.hinted', { name: nameOf(d.id), method: methodName(d.method) }));
      break;
    case 'race_over':
      announce(t(d.time_up ? 'room.event.time_up' : 'room.event.race_over'));
      break;
    case 'lobby':
      announce(t('room.event.lobby'));
      break;
  }
}
