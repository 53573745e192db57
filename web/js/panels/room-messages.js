// What the room page tells people in words: the connection pill and the latency, the server's notices
// (restarting, replaced, removed, results not saved) and, for screen readers or as a message when it
// concerns you, what happened in the room (joined, new host, Go!, finished, a hint used, the race
// over, the rematch). Separate from room.js because it only says things: what the page does about
// the same events (the maze, the results, the fog) stays in the wiring.
import { $, announce, formatTime, message, ordinal, setText } from '../common/ui.js';

/**
 * The connection pill ('connecting' | 'connected' | 'reconnecting' | 'offline'), said aloud when lost and back.
 * @param {string} status
 */
export function showStatus(status) {
  const pill = $('conn-state');
  const was = pill.dataset.state;
  pill.dataset.state = status;
  setText(/** @type {HTMLElement} */ (pill.querySelector('.conn-text')), status); // beside a coloured dot
  if (status === 'reconnecting' && was === 'connected') announce('Connection lost. Reconnecting…');
  if (status === 'connected' && was === 'reconnecting') announce('Reconnected');
}

/** @param {number} ms */
export function showLatency(ms) {
  setText('latency', `${ms} ms`);
}

/** A join refused for now (the room moves between servers): socket.js tries again. */
/** A join refused for now and asked again: the room is moving, or this address asked too often.
 * @param {import('../model/wire-types.js').Ack} ack */
export function showRetrying(ack) {
  const limited = ack?.error?.code === 'rate_limited';
  message(limited ? 'Too many joins from here just now: rejoining in a moment…' : 'The room is moving to another server: rejoining…', 'info', 4000);
}

/**
 * A notice from the server (socket.js's onNotice), in words.
 * @param {string} kind
 * @param {any} data the event's data, read defensively
 */
export function showNotice(kind, data) {
  if (kind === 'closing') message('The server is restarting: you will rejoin in a moment.', 'info', 8000);
  if (kind === 'replaced') message('You opened this room somewhere else; this tab is no longer playing.', 'error', 0);
  if (kind === 'kicked') message('The host removed you from the room.', 'error', 0);
  // results_not_saved stays up until results_saved replaces it (textContent: the server's words, never markup)
  if (kind === 'notice' && typeof data?.message === 'string') {
    message(data.message.slice(0, 200), data.kind === 'results_not_saved' ? 'error' : 'info', data.kind === 'results_not_saved' ? 0 : 6000);
  }
}

/**
 * Say a room event (also one replayed after a snapshot). isYou(id); nameOf(id).
 * @param {Pick<import('../model/wire-types.js').Envelope, 't' | 'd'>} env
 * @param {{isYou: (id: string) => boolean, nameOf: (id: string) => string}} names
 */
export function announceEvent({ t, d }, { isYou, nameOf }) {
  switch (t) {
    case 'joined':
      if (d.name && !isYou(d.id)) announce(`${d.name} joined${d.role === 'spectator' ? ' to watch' : ''}`);
      break;
    case 'host':
      if (isYou(d.id)) announce('You are now the host');
      break;
    case 'started':
      announce('Go!');
      break;
    case 'finished': {
      const time = formatTime((d.time ?? 0) + (d.penalty ?? 0));
      if (isYou(d.id)) message(`You finished ${ordinal(d.rank)} in ${time}!`, 'info', 6000);
      else announce(`${nameOf(d.id)} finished ${ordinal(d.rank)} in ${time}`);
      break;
    }
    case 'hinted':
      if (!isYou(d.id)) announce(`${nameOf(d.id)} used a hint (${d.method})`);
      break;
    case 'race_over':
      announce('The race is over');
      break;
    case 'lobby':
      announce('Rematch! Back in the lobby');
      break;
  }
}
