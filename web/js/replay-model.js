// The pure part of the replay: who stands where at race time t, from a stored race's log
// (GET /api/races/{id}). No DOM, no clock. Trails follow the server (seed 000): stepping back onto the
// previous room pops it, stepping onto an older trail room cuts the trail back to it.
import { dirBetween } from './maze.js';

const cell = (v) => (Array.isArray(v) && v.length === 2 && v.every(Number.isInteger) ? [v[0], v[1]] : null);
const key = (room) => `${room[0]},${room[1]}`;

/** A stored race made ready to play: players (from the results), the log in time order, the length. */
export function prepareRace(race) {
  const entrance = cell(race?.maze?.entrance) || [0, 0];
  const exit = cell(race?.maze?.exit);
  const players = [];
  const byId = new Map();
  const add = (id, r = {}) => {
    if (byId.has(id)) return;
    const p = { id, name: String(r.name ?? id), colour: r.colour, result: r.id != null ? r : null };
    byId.set(id, p);
    players.push(p);
  };
  for (const r of Array.isArray(race?.results) ? race.results : []) if (r && r.id != null) add(String(r.id), r);
  const log = [];
  (Array.isArray(race?.log) ? race.log : []).forEach((e, i) => {
    if (!e || !Number.isFinite(e.t) || e.id == null) return;
    const room = cell(e.room);
    if (e.type === 'move' && room) log.push({ t: Math.max(0, e.t), i, type: 'move', id: String(e.id), room });
    else if (e.type === 'hint') log.push({ t: Math.max(0, e.t), i, type: 'hint', id: String(e.id), method: String(e.method ?? ''), found: !!e.found });
    else return;
    add(String(e.id));
  });
  log.sort((a, b) => a.t - b.t || a.i - b.i); // stable: the server's order among equal times
  const span = Number(race?.ended_at) - Number(race?.started_at);
  const duration = Math.max(log.length ? log[log.length - 1].t : 0, Number.isFinite(span) ? span : 0, 0);
  return { players, byId, log, entrance, exit, duration, penalty: (race?.settings?.hint_penalty ?? 0) * 1000 };
}

/** Plays a prepared race: seek(t) forwards applies the log from where it is, backwards starts over. */
export class Replay {
  constructor(race) {
    this.race = race.log && race.byId ? race : prepareRace(race);
    this.duration = this.race.duration;
    this.reset();
  }

  reset() {
    const { players, entrance } = this.race;
    this.t = 0;
    this.next = 0; // index of the first log entry not applied
    this.hints = [];
    this.live = new Map(
      players.map((p) => [
        p.id,
        { rooms: [entrance], at: new Map([[key(entrance), 0]]), facing: 'right', moves: 0, hints: 0, finishedAt: null, copy: null },
      ]),
    );
  }

  /** Move the clock to t (clamped to the race); returns this. */
  seek(t) {
    const to = Math.min(this.duration, Math.max(0, Number(t) || 0));
    if (to < this.t) this.reset();
    const log = this.race.log;
    while (this.next < log.length && log[this.next].t <= to) this.apply(log[this.next++]);
    this.t = to;
    return this;
  }

  apply(e) {
    const s = this.live.get(e.id);
    if (e.type === 'hint') {
      s.hints += 1;
      const p = this.race.byId.get(e.id);
      this.hints.push({ t: e.t, id: e.id, name: p.name, colour: p.colour, method: e.method, found: e.found });
      return;
    }
    const from = s.rooms[s.rooms.length - 1];
    s.facing = dirBetween(from, e.room) || s.facing;
    const cut = s.at.get(key(e.room));
    if (cut != null) {
      for (const dropped of s.rooms.splice(cut + 1)) s.at.delete(key(dropped));
    } else {
      s.at.set(key(e.room), s.rooms.length);
      s.rooms.push(e.room);
    }
    s.copy = null;
    s.moves += 1;
    const exit = this.race.exit;
    if (s.finishedAt == null && exit && e.room[0] === exit[0] && e.room[1] === exit[1]) s.finishedAt = e.t;
  }

  /** Everyone at the current time: [{id, name, colour, room, facing, trail, moves, hints, penalty, finished}]. */
  players() {
    return this.race.players.map((p) => {
      const s = this.live.get(p.id);
      s.copy ||= Object.freeze(s.rooms.slice()); // a new array only after a change (the renderer caches by array)
      return {
        id: p.id,
        name: p.name,
        colour: p.colour,
        result: p.result,
        room: s.rooms[s.rooms.length - 1],
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
    const out = {};
    for (const [id, s] of this.live) out[id] = [...s.rooms[s.rooms.length - 1]];
    return out;
  }
}

/** {id: [r, c]} at race time t, computed afresh. */
export const positionsAt = (race, t) => new Replay(race).seek(t).positions();
