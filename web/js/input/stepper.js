// The own moves, one at a time at the pace the server allows: a tap is one step, a held key, pad button
// or swipe repeats after a short delay until it is let go, and a run follows the corridor to the next
// junction (run.js). Each step goes through the room's ordinary move path (predicted, then validated by
// the server); a wall, a refusal, the end of the race or any other input stops whatever is going on.
// No DOM: the clock and the timers are injected, so node tests drive it step by step.
import { dirBetween, sameCell } from '../model/maze.js';
import { nextRunStep } from './run.js';

export const HOLD_DELAY = 250; // ms a press is held before it repeats: a quick tap stays one step even when
// the page is slow to see its key come up (the fastest common OS key-repeat delay)
export const DOUBLE_TAP_MS = 300; // two presses of one direction this close together are a double-tap
export const MAX_WAITING_TAPS = 8; // taps kept while they wait for the pace (typing ahead of the server's limit)

/** Whether a press of `dir` at `at` (ms) makes a double-tap with the press before it, `last` ({dir, at}). */
/** @typedef {import('../model/maze.js').Dir} Dir */
/** @typedef {import('../model/wire-types.js').Cell} Cell */
/** @typedef {{kind: 'hold', dir: Dir, source: unknown, at: number, steps: number, released: boolean}} Hold */
/** @typedef {{kind: 'run', dir: Dir, prev: Cell | null, cell: Cell | null, steps: number}} Run */
/**
 * @typedef {object} StepperOptions
 * @property {(dir: Dir) => 'moved' | 'blocked' | 'busy' | 'off'} step
 * @property {() => {maze: import('../model/maze.js').Maze | null, cell: Cell | null}} where
 * @property {() => number} interval
 * @property {() => number} [now]
 * @property {(fn: () => void, ms: number) => any} [setTimer]
 * @property {(id: any) => void} [clearTimer]
 */

/** @param {{dir: Dir, at: number} | null | undefined} last @param {Dir} dir @param {number} at */
export const isDoubleTap = (last, dir, at) => !!last && last.dir === dir && at - last.at <= DOUBLE_TAP_MS;

/**
 * opts: {step(dir) -> 'moved' | 'blocked' | 'busy' | 'off' (one move through the room's move path:
 *          'busy' when too many moves wait for the server, 'off' when not racing),
 *        where() -> {maze, cell} (the own predicted cell), interval() -> ms between moves,
 *        now?() -> ms, setTimer?(fn, ms) -> id, clearTimer?(id)}
 */
export class Stepper {
  /** @param {StepperOptions} opts */
  constructor(opts) {
    this.opts = opts;
    this.now = opts.now || (() => performance.now());
    this.setTimer = opts.setTimer || ((/** @type {() => void} */ fn, /** @type {number} */ ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer || ((/** @type {any} */ id) => clearTimeout(id));
    this.last = -Infinity; // when the last move went
    /** @type {Hold | Run | null} */
    this.job = null;
    /** @type {Dir[]} */
    this.taps = []; // directions pressed quicker than the pace, each still owed its one step, oldest first
    /** @type {any} */
    this.timer = null;
  }

  /** What is going on: 'hold', 'run' or null (a test hook reads it). */
  get doing() {
    return this.job?.kind ?? null;
  }

  /** A direction pressed (key, pad button or swipe `source`): one step now, repeated while held. A press
   * that comes before the last one could step (both inside one move interval) does not cancel it: that
   * one waits as a tap, so a quick typist loses no step. */
  /** @param {Dir} dir @param {unknown} source */
  press(dir, source) {
    const waiting = this.job;
    if (waiting?.kind === 'hold' && waiting.steps === 0 && this.taps.length < MAX_WAITING_TAPS) {
      this.taps.push(waiting.dir);
    }
    this.job = { kind: 'hold', dir, source, at: this.now(), steps: 0, released: false };
    this.tick();
  }

  /** `source` let go: a hold ends (once its first step has gone: a tap is never lost). */
  /** @param {unknown} source */
  release(source) {
    const job = this.job;
    if (job?.kind !== 'hold' || job.source !== source) return;
    if (job.steps > 0) this.stop();
    else job.released = true;
  }

  /** Run towards `dir` to the next junction, dead end or exit. */
  /** @param {Dir} dir */
  run(dir) {
    this.job = { kind: 'run', dir, prev: null, cell: null, steps: 0 };
    this.tick();
  }

  /** Stop holding or running (a refusal, another key, the window losing focus). */
  stop() {
    this.job = null;
    this.taps = [];
    if (this.timer != null) this.clearTimer(this.timer);
    this.timer = null;
  }

  /** @param {number} ms */
  schedule(ms) {
    if (this.timer != null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.tick();
    }, Math.max(0, ms));
  }

  tick() {
    const job = this.job;
    if (!job) return;
    const now = this.now();
    const pace = this.last + this.opts.interval() - now;
    if (pace > 0) return this.schedule(pace);
    if (this.taps.length) return this.tap(now);
    if (job.kind === 'hold' && job.steps > 0 && now < job.at + HOLD_DELAY) return this.schedule(job.at + HOLD_DELAY - now);
    const dir = job.kind === 'run' ? this.runDirection(job) : job.dir;
    if (!dir) return this.stop();
    const result = this.opts.step(dir);
    if (result === 'busy') return this.schedule(this.opts.interval());
    if (result !== 'moved') return this.stop(); // a wall, or no longer racing
    this.last = now;
    job.steps += 1;
    if (job.kind === 'hold' && job.released) return this.stop();
    if (job.kind === 'run') [job.prev, job.cell] = [job.cell, this.opts.where().cell];
    this.schedule(this.opts.interval());
  }

  /** The oldest waiting tap's one step; a wall ends only that tap, leaving the race ends them all. */
  /** @param {number} now */
  tap(now) {
    const result = this.opts.step(this.taps[0]);
    if (result === 'busy') return this.schedule(this.opts.interval());
    if (result === 'off') return this.stop();
    this.taps.shift();
    if (result === 'moved') this.last = now;
    this.schedule(result === 'moved' ? this.opts.interval() : 0);
  }

  /** The run's next direction from where the arrow stands, or null when the run is over. */
  /** @param {Run} job @returns {Dir | null} */
  runDirection(job) {
    const { maze, cell } = this.opts.where();
    if (!maze || !cell) return null;
    if (job.steps === 0) {
      job.cell = cell;
      return job.dir; // into a wall it is refused like any move, and the run ends there
    }
    if (!sameCell(cell, job.cell)) return null; // moved back by a refusal, or by the server
    const next = nextRunStep(maze, job.prev, cell);
    return next ? dirBetween(cell, next, maze) : null;
  }
}
