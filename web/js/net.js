// The socket: connect to the same origin (the room code in the handshake, so a balancer can route by room), commands with acks as promises, room events, a latency
// estimate from ack round trips, and rejoin (with the stored token) after a reconnect.
// The vendored socket.io client defines the global `io` (classic <script> before the modules).
import { loadToken, saveToken } from './storage.js';

const TIMEOUT = 8000;

export class Net {
  /**
   * handlers: onEvent(envelope), onJoined(ack, {rejoin}), onStatus(state), onLatency(ms)
   * where state is 'connecting' | 'connected' | 'reconnecting' | 'offline'.
   */
  constructor(code, handlers) {
    this.code = code;
    this.h = handlers;
    this.latency = null;
    this.joinRequest = null; // {name, role} once joined, for rejoining
    this.joined = false;
    this.status = 'connecting';
    const socket = (this.socket = window.io({ path: '/socket.io/', query: code ? { room: code } : {} }));
    socket.on('connect', () => {
      this.setStatus('connected');
      if (this.joinRequest) this.join(this.joinRequest, true);
    });
    socket.on('disconnect', (reason) => {
      this.joined = false;
      this.setStatus(reason === 'io client disconnect' ? 'offline' : 'reconnecting');
    });
    socket.on('connect_error', () => this.setStatus(socket.active ? 'reconnecting' : 'offline'));
    socket.on('event', (env) => this.h.onEvent?.(env));
    socket.on('events', (batch) => (Array.isArray(batch) ? batch : []).forEach((env) => this.h.onEvent?.(env)));
    socket.on('closing', (d) => this.h.onNotice?.('closing', d));
    socket.on('replaced', (d) => this.h.onNotice?.('replaced', d));
    socket.on('kicked', (d) => {
      this.joinRequest = null; // removed by the host: no automatic rejoin
      this.joined = false;
      this.h.onNotice?.('kicked', d);
    });
    socket.on('notice', (d) => this.h.onNotice?.('notice', d));
  }

  setStatus(status) {
    this.status = status;
    this.h.onStatus?.(status);
  }

  /**
   * emit(name, payload) with an ack; resolves with the ack, or with
   * {ok: false, error: {code: 'timeout' | 'offline'}} — never rejects.
   */
  request(name, payload = {}, timeout = TIMEOUT) {
    if (!this.socket.connected) {
      return Promise.resolve({ ok: false, error: { code: 'offline', message: 'Not connected to the server' } });
    }
    const sent = performance.now();
    return new Promise((resolve) => {
      this.socket.timeout(timeout).emit(name, payload, (err, ack) => {
        if (err) {
          resolve({ ok: false, error: { code: 'timeout', message: 'The server did not answer in time' } });
          return;
        }
        this.sample(performance.now() - sent);
        resolve(ack && typeof ack === 'object' ? ack : { ok: false, error: { code: 'internal', message: 'Bad answer' } });
      });
    });
  }

  sample(rtt) {
    this.latency = this.latency == null ? rtt : 0.8 * this.latency + 0.2 * rtt;
    this.h.onLatency?.(Math.round(this.latency));
  }

  /** Resolves true once connected (false after `ms`). */
  connected(ms = TIMEOUT) {
    if (this.socket.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok) => {
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
  async join({ name, role }, rejoin = false) {
    if (!rejoin) await this.connected();
    const token = loadToken(this.code);
    const payload = { code: this.code, name, role };
    if (token) payload.token = token;
    const ack = await this.request('join', payload);
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
