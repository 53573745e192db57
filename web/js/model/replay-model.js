// The pure part of the replay: who stands where at race time t, from a stored race's log
// (GET /api/races/{id}). No DOM, no clock. Trails follow the server's trail rule: stepping back onto the
// previous cell pops it, stepping onto an older trail cell cuts the trail back to it.
//
// The log comes packed (docs/protocol.md, "Stored race log"): base64 columns `t` (uint32 ms), `who`
// (uint8 index into `players`) and `what` (int32: a move's cell r * cols + c, or a hint as
// -1 - (2 * method + found)), little-endian. It stays in typed arrays here: 720,000 moves are 9 MB,
// not 720,000 objects.
import { dirBetween } from './maze.js';

const LOGGED_METHODS = ['dfs', 'bfs', 'astar', 'dfs-recursive']; // a logged hint's method index: part of the log's format, as server/room/racelog.py
/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').ResultRow} ResultRow */

/** A racer of the replay: from the results, or only from the log. @typedef {{id: string, name: string, colour: string | undefined, result: ResultRow | null}} Racer */
/** The log in time order: who (a player id) did what (a cell index, or a hint's code below 0) when. @typedef {{length: number, t: Float64Array, who: string[], what: Int32Array}} RaceLog */
/**
 * A stored race made ready to play.
 * @typedef {{players: Racer[], byId: Map<string, Racer>, log: RaceLog, cols: number, entrance: Cell, exit: Cell | null, duration: number, penalty: number}} PreparedRace
 */
/** A hint in the log. @typedef {{t: number, id: string, name: string, colour: string | undefined, method: string, found: boolean}} LoggedHint */
/**
 * Where a racer stands while the replay plays: the trail's cells, each trail cell's index (so a step
 * back onto the trail cuts it there), and `copy`, the frozen trail handed out until the next change.
 * @typedef {{cells: Cell[], at: Map<string, number>, facing: string, moves: number, hints: number, finishedAt: number | null, copy: readonly Cell[] | null}} Live
 */

/** @param {any} v @returns {Cell | null} */
const cell = (v) => (Array.isArray(v) && v.length === 2 && v.every(Number.isInteger) ? [v[0], v[1]] : null);
/** @param {readonly number[]} cell */
const key = ([r, c]) => `${r},${c}`;

/** @param {unknown} text */
function bytes(text) {
  const raw = atob(typeof text === 'string' ? text : '');
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The packed log's columns, checked: {t: Float64Array, who: Int32Array (-1: no such player), what: Int32Array}. */
/** @param {any} log the stored race's packed `log` */
export function unpackLog(log) {
  const n = Number.isInteger(log?.count) && log.count > 0 ? log.count : 0;
  const t = bytes(log?.t);
  const who = bytes(log?.who);
  const what = bytes(log?.what);
  if (!n || t.length !== 4 * n || who.length !== n || what.length !== 4 * n) return { t: new Float64Array(0), who: new Int32Array(0), what: new Int32Array(0) };
  const tv = new DataView(t.buffer);
  const wv = new DataView(what.buffer);
  const out = { t: new Float64Array(n), who: new Int32Array(n), what: new Int32Array(n) };
  for (let i = 0; i < n; i++) {
    out.t[i] = tv.getUint32(4 * i, true);
    out.who[i] = who[i];
    out.what[i] = wv.getInt32(4 * i, true);
  }
  return out;
}

/**
 * A stored race made ready to play: players (from the results and the log), the log in time order, the length.
 * @param {any} race GET /api/races/{id}'s answer, read defensively
 * @returns {PreparedRace}
 */
export function prepareRace(race) {
  const entrance = cell(race?.maze?.entrance) || [0, 0];
  const exit = cell(race?.maze?.exit);
  const cols = Number.isInteger(race?.maze?.cols) ? race.maze.cols : 0;
  const size = cols * (Number.isInteger(race?.maze?.rows) ? race.maze.rows : 0);
  /** @type {Racer[]} */
  const players = [];
  /** @type {Map<string, Racer>} */
  const byId = new Map();
  const add = (/** @type {string} */ id, /** @type {any} */ r = {}) => {
    if (byId.has(id)) return byId.get(id);
    /** @type {Racer} */
    const p = { id, name: String(r.name ?? id), colour: r.colour, result: r.id != null ? r : null };
    byId.set(id, p);
    players.push(p);
    return p;
  };
  for (const r of Array.isArray(race?.results) ? race.results : []) if (r && r.id != null) add(String(r.id), r);
  const ids = Array.isArray(race?.log?.players) ? race.log.players.map(String) : [];
  const packed = unpackLog(race?.log);
  /** @type {number[]} */
  const keep = [];
  for (let i = 0; i < packed.t.length; i++) {
    const who = packed.who[i];
    const what = packed.what[i];
    if (who >= ids.length || what >= size || (what < 0 && (-1 - what) >> 1 >= LOGGED_METHODS.length)) continue;
    add(ids[who]);
    keep.push(i);
  }
  const sorted = keep.every((i, j) => !j || packed.t[keep[j - 1]] <= packed.t[i]); // the server logs in time order
  if (!sorted) keep.sort((a, b) => packed.t[a] - packed.t[b] || a - b); // stable: the server's order among equal times
  const n = keep.length;
  /** @type {RaceLog} */
  const log = { length: n, t: new Float64Array(n), who: new Array(n), what: new Int32Array(n) };
  keep.forEach((i, j) => {
    log.t[j] = packed.t[i];
    log.who[j] = ids[packed.who[i]];
    log.what[j] = packed.what[i];
  });
  const span = Number(race?.ended_at) - Number(race?.started_at);
  const duration = Math.max(n ? log.t[n - 1] : 0, Number.isFinite(span) ? span : 0, 0);
  return { players, byId, log, cols, entrance, exit, duration, penalty: (race?.settings?.hint_penalty ?? 0) * 1000 };
}

/** Plays a prepared race: seek(t) forwards applies the log from where it is, backwards starts over. */
export class Replay {
  // Set by reset(), which the constructor calls:
  /** @type {number} */ t;
  /** @type {number} index of the first log entry not applied */ next;
  /** @type {LoggedHint[]} */ hints;
  /** @type {Map<string, Live>} */ live;

  /** @param {PreparedRace | any} race a prepared race, or a stored race to prepare */
  constructor(race) {
    /** @type {PreparedRace} */
    this.race = race.log && race.byId ? race : prepareRace(race);
    this.duration = this.race.duration;
    this.reset();
  }

  reset() {
    const { players, entrance } = this.race;
    this.t = 0;
    this.next = 0;
    this.hints = [];
    this.live = new Map(
      players.map((p) => [
        p.id,
        /** @type {Live} */ ({ cells: [entrance], at: new Map([[key(entrance), 0]]), facing: 'right', moves: 0, hints: 0, finishedAt: null, copy: null }),
      ]),
    );
  }

  /** Move the clock to t (clamped to the race); returns this. */
  /** @param {unknown} t */
  seek(t) {
    const to = Math.min(this.duration, Math.max(0, Number(t) || 0));
    if (to < this.t) this.reset();
    const log = this.race.log;
    while (this.next < log.length && log.t[this.next] <= to) this.apply(this.next++);
    this.t = to;
    return this;
  }

  /** @param {number} i */
  apply(i) {
    const { log, cols, byId } = this.race;
    const id = log.who[i];
    const t = log.t[i];
    const what = log.what[i];
    const s = /** @type {Live} */ (this.live.get(id)); // every logged id was added to the players
    if (what < 0) {
      const code = -1 - what;
      s.hints += 1;
      const p = /** @type {Racer} */ (byId.get(id));
      this.hints.push({ t, id, name: p.name, colour: p.colour, method: LOGGED_METHODS[code >> 1], found: (code & 1) === 1 });
      return;
    }
    /** @type {Cell} */
    const to = [Math.floor(what / cols), what % cols];
    const from = s.cells[s.cells.length - 1];
    s.facing = dirBetween(from, to) || s.facing;
    const cut = s.at.get(key(to));
    if (cut != null) {
      for (const dropped of s.cells.splice(cut + 1)) s.at.delete(key(dropped));
    } else {
      s.at.set(key(to), s.cells.length);
      s.cells.push(to);
    }
    s.copy = null;
    s.moves += 1;
    const exit = this.race.exit;
    if (s.finishedAt == null && exit && to[0] === exit[0] && to[1] === exit[1]) s.finishedAt = t;
  }

  /** Everyone at the current time: [{id, name, colour, result, cell, facing, trail, moves, hints, penalty, finished}]. */
  players() {
    return this.race.players.map((p) => {
      const s = /** @type {Live} */ (this.live.get(p.id));
      s.copy ||= Object.freeze(s.cells.slice()); // a new array only after a change (the renderer caches by array)
      return {
        id: p.id,
        name: p.name,
        colour: p.colour,
        result: p.result,
        cell: s.cells[s.cells.length - 1],
        facing: s.facing,
        trail: s.copy,
        moves: s.moves,
        hints: s.hints,
        penalty: s.hints * this.race.penalty,
        finished: s.finishedAt != null,
      };
    });
  }

  /** {id: [r, c]} at the current time. */
  positions() {
    /** @type {Record<string, Cell>} */
    const out = {};
    for (const [id, s] of this.live) out[id] = /** @type {Cell} */ ([...s.cells[s.cells.length - 1]]);
    return out;
  }
}

/** {id: [r, c]} at race time t, computed afresh. */
/** @param {any} race @param {number} t */
export const positionsAt = (race, t) => new Replay(race).seek(t).positions();

/** When a sealed daily race opens (epoch ms), or null: its maze and log are kept back until then. */
/** @param {any} race @returns {number | null} */
export const sealedUntil = (race) => (Number.isFinite(race?.sealed_until) ? race.sealed_until : null);
