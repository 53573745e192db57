// The clear check: the author races the maze once, from the entrance to the exit, before it can be
// published. The server starts the check (its clock, its token), and on reaching the exit the walk goes
// to it whole; it checks every step and answers a `cleared` token with the time it measured. The token
// holds for the maze as it was: any edit afterwards asks for a new check. No DOM: the page shows the
// state, and the API calls come in as functions (editor-api.js), so node tests drive it with fakes.
import { isOpen, step } from '../model/maze.js';

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {import('../net/api.js').Answer} Answer */
/** @typedef {[number, number]} Cell */
/**
 * Where the check stands: idle, starting (asking the server), racing, checking (the walk sent),
 * cleared (with the token, the time, and the revision of the maze it holds for), or refused.
 * @typedef {{kind: 'idle'} | {kind: 'starting'} | {kind: 'racing', check: string, walk: Cell[]} | {kind: 'checking', walk: Cell[]} | {kind: 'cleared', token: string, ms: number, revision: number, walk: Cell[]} | {kind: 'refused', answer: Answer}} CheckState
 */

export class ClearCheck {
  /**
   * @param {{start(maze: any): Promise<Answer>, finish(check: string, maze: any, walk: Cell[]): Promise<Answer>}} server
   * @param {(state: CheckState) => void} changed
   */
  constructor(server, changed) {
    this.server = server;
    this.changed = changed;
    /** @type {CheckState} */
    this.state = { kind: 'idle' };
    /** @type {Maze | null} */
    this.maze = null;
    /** @type {any} the wire form the check is for */
    this.wire = null;
    this.revision = -1;
  }

  /** @param {CheckState} state */
  set(state) {
    this.state = state;
    this.changed(state);
  }

  /** Whether the author is racing (or waiting for the server): the maze cannot be edited meanwhile. */
  get busy() {
    return ['starting', 'racing', 'checking'].includes(this.state.kind);
  }

  /**
   * The cleared token, when the check passed for the maze at `revision`; else null.
   * @param {number} revision
   */
  token(revision) {
    return this.state.kind === 'cleared' && this.state.revision === revision ? this.state.token : null;
  }

  /**
   * Start a check on this maze (its decoded form, its wire form and its revision).
   * @param {Maze} maze @param {any} wire @param {number} revision
   */
  async start(maze, wire, revision) {
    if (this.busy) return;
    this.maze = maze;
    this.wire = wire;
    this.revision = revision;
    this.set({ kind: 'starting' });
    const answer = await this.server.start(wire);
    if (this.state.kind !== 'starting') return; // stopped meanwhile
    if (!answer.ok || typeof answer.body?.check !== 'string') {
      this.set({ kind: 'refused', answer });
      return;
    }
    this.set({ kind: 'racing', check: answer.body.check, walk: [[maze.entrance[0], maze.entrance[1]]] });
  }

  /** Stop racing (the check is lost; the maze can be edited again). */
  stop() {
    if (this.busy) this.set({ kind: 'idle' });
  }

  /** Forget a passed check (the maze changed). */
  reset() {
    if (!this.busy && this.state.kind !== 'idle') this.set({ kind: 'idle' });
  }

  /**
   * One step of the racer towards `dir`; whether it moved (a wall stops it). Reaching the exit sends
   * the walk.
   * @param {string} dir
   */
  async move(dir) {
    const state = this.state;
    if (state.kind !== 'racing' || !this.maze) return false;
    const at = state.walk[state.walk.length - 1];
    const next = step(at, dir);
    if (!next || !isOpen(this.maze, at, next)) return false;
    const walk = [...state.walk, /** @type {Cell} */ (next)];
    const [er, ec] = this.maze.exit;
    if (next[0] !== er || next[1] !== ec) {
      this.set({ ...state, walk });
      return true;
    }
    this.set({ kind: 'checking', walk });
    const answer = await this.server.finish(state.check, this.wire, walk);
    if (answer.ok && typeof answer.body?.cleared === 'string') {
      this.set({ kind: 'cleared', token: answer.body.cleared, ms: Number(answer.body.clear_ms), revision: this.revision, walk });
    } else {
      this.set({ kind: 'refused', answer });
    }
    return true;
  }
}
