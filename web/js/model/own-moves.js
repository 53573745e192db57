// Own-move prediction: the own arrow moves the moment a key is pressed, before the server answers.
// Pending moves wait by seq for their ack (confirmed) or refusal (dropped, with every later one); the
// predicted {cell, facing, trail} is the confirmed state with the pending moves replayed. Its own module
// because it is the one place the page shows something the server has not said yet. Each function takes
// the RoomState (state.js) whose `pending` and `predicted` it keeps.
import { dirBetween, isOpen } from './maze.js';
import { revealCells } from './fog.js';
import { cellOf } from './room-records.js';
import { movedTrail, steppedTrail } from './trail-rule.js';

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').Ack} Ack */
/** @typedef {import('./wire-types.js').RivalInSight} RivalInSight */
/** @typedef {import('./state.js').RoomState} RoomState */

export const MAX_PENDING = 8; // predicted moves in flight before we stop predicting

/** Where the own arrow stands now (predicted), or null. */
/** @param {RoomState} state @returns {Cell | null} */
export function ownCell(state) {
  const me = state.me();
  if (!me) return null;
  return state.predicted ? state.predicted.cell : me.cell;
}

/** Apply an own move at once if the local maze allows it; remember it by seq. Returns true if applied. */
/** @param {RoomState} state @param {number} seq @param {readonly number[]} target */
export function predictMove(state, seq, target) {
  if (!state.canMove() || state.pending.length >= MAX_PENDING) return false;
  const from = ownCell(state);
  if (!isOpen(state.maze, /** @type {Cell} */ (from), target)) return false; // canMove: there is a cell
  state.pending.push({ seq, cell: [target[0], target[1]] });
  predict(state);
  return true;
}

/**
 * The server accepted move `seq`: its ack {cell, facing, trail_len, moves} becomes the
 * confirmed state; in a fog race its `seen` cells join the maze (whether or not the `moved` came first).
 * @param {RoomState} state
 * @param {number} seq
 * @param {Ack | null | undefined} ack
 */
export function confirmMove(state, seq, ack) {
  revealCells(state.maze, ack?.seen);
  showRivals(state, ack?.rivals);
  const me = state.me();
  if (me && ack && Array.isArray(ack.cell) && typeof ack.moves === 'number' && Number.isInteger(ack.moves) && ack.moves > me.moves) {
    me.trail = movedTrail(me.trail, /** @type {number} */ (ack.trail_len), ack.cell);
    me.cell = cellOf(ack.cell);
    me.facing = ack.facing ?? me.facing;
    me.moves = ack.moves;
  }
  state.pending = state.pending.filter((m) => m.seq !== seq);
  predict(state);
}

/** A fog racer's move ack names every rival in sight from the new cell (one standing still sends no
 * `moved`): show them there, with no trail, as a `moved` in sight would, and hide every rival the
 * list leaves out, for walking away from one standing still sends no `moved` either.
 * @param {RoomState} state
 * @param {RivalInSight[] | undefined} rivals
 */
export function showRivals(state, rivals) {
  if (!Array.isArray(rivals)) return;
  const you = state.you;
  /** @type {Set<string>} */
  const inSight = new Set();
  for (const r of rivals) {
    const p = r && state.player(r.id);
    const cell = cellOf(r?.cell);
    if (!p || !cell || (you && p.id === you.id)) continue;
    inSight.add(p.id);
    p.cell = cell;
    p.trail = [cell];
    p.facing = r.facing ?? p.facing;
  }
  for (const p of state.players) {
    if (inSight.has(p.id) || (you && p.id === you.id) || !p.cell) continue;
    p.cell = null;
    p.trail = [];
  }
}

/** The server refused move `seq`: drop it and every later prediction. Returns true if anything moved back. */
/** @param {RoomState} state @param {number} seq */
export function rejectMove(state, seq) {
  const i = state.pending.findIndex((m) => m.seq === seq);
  if (i < 0) return false;
  state.pending = state.pending.slice(0, i);
  predict(state);
  return true;
}

/** Replay the pending moves over the confirmed own player into `state.predicted` (null with none). */
/** @param {RoomState} state */
export function predict(state) {
  const me = state.me();
  if (!me || !state.pending.length || !me.cell) {
    state.predicted = null;
    return;
  }
  let trail = me.trail;
  let cell = me.cell;
  let facing = me.facing;
  for (const m of state.pending) {
    facing = dirBetween(cell, m.cell) || facing;
    trail = steppedTrail(trail, m.cell);
    cell = m.cell;
  }
  state.predicted = { cell, facing, trail };
}
