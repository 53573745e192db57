// The socket: connect to the same origin (the room code in the handshake, so a balancer can route by room), commands with acks as promises, room events, a latency
// estimate from ack round trips, and rejoin (with the stored token) after a reconnect. In a cluster the
// room can move between processes: `closing` means "reconnect now", and a join refused with a retryable
// code (the room is moving, or the shared state is away) is tried again until it is answered.
// The vendored socket.io client defines the global `io` (classic <script> before the modules).
import { loadToken, saveToken } from '../common/storage.js';

const TIMEOUT = 8000;
const RETRY_JOIN = new Set(['server_unavailable', 'server_closing', 'rate_limited']); // nothing happened: ask again
const RETRY_MS = [250, 500, 1000, 2000]; // then every 2 s while the socket is up
const RATE_LIMITED_MS = 2000; // a join answers a snapshot, one every 2 s once a burst is spent: a room
// that moved between processes several times in a row must not leave its page out for good

/** @typedef {import('../model/wire-types.js').Ack} Ack */
/** @typedef {import('../model/wire-types.js').Envelope} Envelope */
/** @typedef {'connecting' | 'connected' | 'reconnecting' | 'offline'} Status */
/**
 * What the page hears from the socket.
 * @typedef {object} NetHandlers
 * @property {(env: Envelope) => void} [onEvent]
 * @property {(ack: Ack, how: {rejoin: boolean}) => void} [onJoined]
 * @property {(ack: Ack) => void} [onRetrying]
 * @property {(status: Status) => void} [onStatus]
 * @property {(ms: number) => void} [onLatency]
 * @property {(kind: string, data: any) => void} [onNotice]
 */

export class Net {
  /**
   * handlers: onEvent(envelope), onJoined(ack, {rejoin}), onRetrying(ack) (a join refused for now, tried
   * again), onStatus(state), onLatency(ms), onNotice(kind, data)
   * where state is 'connecting' | 'connected' | 'reconnecting' | 'offline'.
   * @param {string} code
   * @param {NetHandlers} handlers
   */
  constructor(code, handlers) {
    this.code = code;
    this.h = handlers;
    /** @type {number | null} */
    this.latency = null;
    /** @type {{name: string, role: string} | null} */
    this.joinRequest = null; // {name, role} once joined, for rejoining
    this.joined = false;
    /** @type {Status} */
    this.status = 'connecting';
    this.joinRound = 0; // bumped by every join, so a superseded retry loop stops
    this.rateLimitedMs = RATE_LIMITED_MS;
    /** @type {any} the socket.io client's socket */
    const socket = (this.socket = /** @type {any} */ (window).io({
      path: '/socket.io/',
      query: code ? { room: code } : {},
      reconnectionDelay: 250, // a fail-over takes about a second: come back as soon as it is over
      reconnectionDelayMax: 1000,
    }));
    socket.on('connect', () => {
      this.setStatus('connected');
      if (this.joinRequest) this.join(this.joinRequest, true);
    });
    socket.on('disconnect', (/** @type {string} */ reason) => {
      this.joined = false;
      this.setStatus(reason === 'io client disconnect' ? 'offline' : 'reconnecting');
    });
    socket.on('connect_error', () => this.setStatus(socket.active ? 'reconnecting' : 'offline'));
    socket.on('event', (/** @type {Envelope} */ env) => this.h.onEvent?.(env));
    socket.on('events', (/** @type {unknown} */ batch) => (Array.isArray(batch) ? batch : []).forEach((env) => this.h.onEvent?.(env)));
    socket.on('closing', (/** @type {unknown} */ d) => {
      this.h.onNotice?.('closing', d);
      // The room is leaving this process. The server drops the connection with an Engine.IO close
      // packet, which the browser client ignores over a WebSocket (it would wait for the ping timeout,
      // ~45 s): close the transport here, and the socket reconnects (and rejoins) at once.
      socket.io.engine?.close();
    });
    socket.on('replaced', (/** @type {unknown} */ d) => this.h.onNotice?.('replaced', d));
    socket.on('kicked', (/** @type {unknown} */ d) => {
      this.joinRequest = null; // removed by the host: no automatic rejoin
      this.joined = false;
      this.h.onNotice?.('kicked', d);
    });
    socket.on('notice', (/** @type {unknown} */ d) => this.h.onNotice?.('notice', d));
  }

  /** @param {Status} status */
  setStatus(status) {
    this.status = status;
    this.h.onStatus?.(status);
  }

  /**
   * emit(name, payload) with an ack; resolves with the ack, or with
   * {ok: false, error: {code: 'timeout' | 'offline'}} — never rejects.
   * @param {string} name
   * @param {object} [payload]
   * @param {number} [timeout]
   * @returns {Promise<Ack>}
   */
  request(name, payload = {}, timeout = TIMEOUT) {
    if (!this.socket.connected) {
      return Promise.resolve({ ok: false, error: { code: 'offline', message: 'Not connected to the server' } });
    }
    const sent = performance.now();
    return new Promise((resolve) => {
      this.socket.timeout(timeout).emit(name, payload, (/** @type {unknown} */ err, /** @type {unknown} */ ack) => {
        if (err) {
          resolve({ ok: false, error: { code: 'timeout', message: 'The server did not answer in time' } });
          return;
        }
        this.sample(performance.now() - sent);
        resolve(ack && typeof ack === 'object' ? /** @type {Ack} */ (ack) : { ok: false, error: { code: 'internal', message: 'Bad answer' } });
      });
    });
  }

  /** @param {number} rtt */
  sample(rtt) {
    this.latency = this.latency == null ? rtt : 0.8 * this.latency + 0.2 * rtt;
    this.h.onLatency?.(Math.round(this.latency));
  }

  /** Resolves true once connected (false after `ms`). */
  /** @param {number} [ms] @returns {Promise<boolean>} */
  connected(ms = TIMEOUT) {
    if (this.socket.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (/** @type {boolean} */ ok) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        resolve(ok);
      };
      const onConnect = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.socket.on('connect', onConnect);
    });
  }

  /** Join the room as {name, role}; the stored token (if any) gets our old place back. */
  /** @param {{name: string, role: string}} request @param {boolean} [rejoin] @returns {Promise<Ack>} */
  async join({ name, role }, rejoin = false) {
    if (!rejoin) await this.connected();
    const round = ++this.joinRound;
    /** @type {Ack} */
    let ack;
    for (let attempt = 0; ; attempt++) {
      const token = loadToken(this.code);
      /** @type {{code: string, name: string, role: string, token?: string}} */
      const payload = { code: this.code, name, role };
      if (token) payload.token = token;
      ack = await this.request('join', payload);
      if (ack.ok || !RETRY_JOIN.has(ack.error?.code ?? '') || !this.socket.connected) break;
      this.h.onRetrying?.(ack); // the room is moving between servers, or asked too often: keep our place
      const limited = ack.error?.code === 'rate_limited';
      await new Promise((r) => setTimeout(r, limited ? this.rateLimitedMs : RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      if (round !== this.joinRound || !this.socket.connected) return ack; // a reconnect joins again
    }
    if (round !== this.joinRound) return ack; // a newer join took over
    const lost = !ack.ok && rejoin && (RETRY_JOIN.has(ack.error?.code ?? '') || ack.error?.code === 'offline');
    if (lost) return ack; // the socket dropped meanwhile: its reconnect joins again
    if (ack.ok) {
      this.joined = true;
      this.joinRequest = { name, role: ack.you?.role === 'player' ? 'player' : role };
      if (ack.you?.token) saveToken(this.code, ack.you.token);
    }
    this.h.onJoined?.(ack, { rejoin });
    return ack;
  }

  async leave() {
    const ack = await this.request('leave', {}, 2000);
    this.joinRequest = null;
    this.joined = false;
    saveToken(this.code, null);
    return ack;
  }
}
