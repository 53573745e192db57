// The replay's "director" view: the camera follows whoever is ahead. Pure (no DOM): the replay page
// hands it the race time and every player's cell, and it answers whom to follow.
//
// Ahead = nearest to the exit by the distance field (steps along open passages); on equal distance,
// whoever got to that distance first. Racers still racing come first: one who has finished has nothing
// left to watch, so the camera only stays on a finisher once everybody has finished. Hysteresis: the
// camera moves to a new leader only when they are at least MARGIN steps nearer than the one it follows,
// or have led for HOLD_MS of race time, or the followed one finished; so two racers side by side do not
// make it flicker. Going back in time starts afresh.
import { neighbours } from './maze.js';

export const MARGIN = 2;
export const HOLD_MS = 1500;

/** Steps from every cell to the exit (Int32Array, -1 where it cannot be reached), by breadth-first search. */
/** @param {import('./maze.js').Maze} maze */
export function distanceField(maze) {
  const { rows, cols } = maze;
  const dist = new Int32Array(rows * cols).fill(-1);
  const [er, ec] = maze.exit;
  const queue = new Int32Array(rows * cols);
  let head = 0;
  let tail = 0;
  dist[er * cols + ec] = 0;
  queue[tail++] = er * cols + ec;
  while (head < tail) {
    const i = queue[head++];
    for (const [r, c] of neighbours(maze, [Math.floor(i / cols), i % cols])) {
      const j = r * cols + c;
      if (dist[j] < 0) {
        dist[j] = dist[i] + 1;
        queue[tail++] = j;
      }
    }
  }
  return dist;
}

/** A player as the director reads them. @typedef {{id: string, cell?: readonly number[] | null, finished?: boolean}} Followed */

export class Director {
  // Set by reset(), which the constructor calls:
  /** @type {number} */ t;
  /** @type {string | null} */ current;
  /** @type {Map<string, [number, number]>} id -> [distance, race ms it was first at that distance] */ since;
  /** @type {[string, number] | null} [id, race ms it began to lead] */ leading;

  /**
   * @param {ArrayLike<number>} distances the distance field (distanceField)
   * @param {number} cols
   * @param {{margin?: number, hold?: number}} [options]
   */
  constructor(distances, cols, { margin = MARGIN, hold = HOLD_MS } = {}) {
    this.distances = distances;
    this.cols = cols;
    this.margin = margin;
    this.hold = hold;
    this.reset();
  }

  reset() {
    this.t = -1;
    this.current = null;
    this.since = new Map();
    this.leading = null;
  }

  /** @param {readonly number[] | null | undefined} cell */
  distanceOf(cell) {
    const d = cell ? this.distances[cell[0] * this.cols + cell[1]] : -1;
    return d >= 0 ? d : Infinity;
  }

  /** Whom to follow at race time t; players: [{id, cell, finished}] in a fixed order (ties: earlier first). */
  /** @param {number} t @param {Followed[]} players @returns {string | null} */
  pick(t, players) {
    if (t < this.t) this.reset();
    this.t = t;
    const rows = players.map((p, order) => {
      const distance = this.distanceOf(p.cell);
      const known = this.since.get(p.id);
      if (!known || known[0] !== distance) this.since.set(p.id, [distance, t]);
      return { id: p.id, distance, at: /** @type {[number, number]} */ (this.since.get(p.id))[1], order, finished: !!p.finished };
    });
    if (!rows.length) return null;
    const racing = rows.filter((r) => !r.finished);
    const pool = racing.length ? racing : rows;
    const best = pool.reduce((a, b) => (b.distance < a.distance || (b.distance === a.distance && (b.at < a.at || (b.at === a.at && b.order < a.order))) ? b : a));
    if (!this.leading || this.leading[0] !== best.id) this.leading = [best.id, t];
    const now = rows.find((r) => r.id === this.current);
    const stale = !now || (now.finished && racing.length > 0);
    if (stale || best.distance <= now.distance - this.margin || t - this.leading[1] >= this.hold) this.current = best.id;
    return this.current;
  }
}
