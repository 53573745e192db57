// The maze being drawn and its history: every edit the editor makes (carving or building a wall, moving
// an opening, walling or opening a region, resizing, loading another maze) goes through here, so undo
// and redo see them all. Pure: no DOM. The maze is the decoded form of model/maze.js (one 0/1 byte a
// cell for each passage it owns), edited in place; an edit is kept as the bytes it changed, so a stroke
// across a 150 x 150 maze costs its own length in memory, not a copy of the maze. Whole-maze changes
// (resize, a new maze) keep the maze they replaced.
import { encodeMaze } from '../model/maze.js';
import { blankMaze, nearestBorder, onBorder, passageOf } from './maze-shapes.js';

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {[number, number]} Cell */
/** One changed byte: which passage array (0 east, 1 south, 2 southeast, 3 southwest), the cell, before, after. @typedef {[number, number, number, number]} Change */
/**
 * One step of the history.
 * @typedef {{changes: Change[], openings: [Cell, Cell, Cell, Cell] | null, whole: [Maze, Maze] | null}} Step
 */

export const HISTORY = 500; // steps kept for undo

/** A cell copied. @param {readonly number[]} cell @returns {Cell} */
const copy = (cell) => [cell[0], cell[1]];

/** The passage arrays in their index order. @param {Maze} maze */
const arrays = (maze) => [maze.east, maze.south, maze.southeast, maze.southwest];

/** The maze being edited, its history, and a revision number that changes with every edit. */
export class EditorModel {
  /** @param {Maze} maze */
  constructor(maze) {
    this.maze = maze;
    /** @type {Step[]} */
    this.undoStack = [];
    /** @type {Step[]} */
    this.redoStack = [];
    /** @type {Step | null} the stroke being drawn: its edits become one step */
    this.stroke = null;
    this.revision = 0;
    /** @type {{whole: boolean, cells: number[]}} what changed since the picture was last painted */
    this.touched = { whole: true, cells: [] };
    this.applying = false; // undoing or redoing: the step is in the history already
  }

  /** Start a stroke: edits until `endStroke` undo together. */
  beginStroke() {
    this.endStroke();
    this.stroke = { changes: [], openings: null, whole: null };
  }

  /** End the stroke (a stroke that changed nothing leaves no step); whether it left one. */
  endStroke() {
    const stroke = this.stroke;
    this.stroke = null;
    if (!stroke || !(stroke.changes.length || stroke.openings)) return false;
    this.record(stroke);
    return true;
  }

  /** Keep a step in the history; a new edit forgets what could be redone. @param {Step} step */
  record(step) {
    if (this.stroke) {
      this.stroke.changes.push(...step.changes);
      if (step.openings) this.stroke.openings = this.stroke.openings ? [this.stroke.openings[0], this.stroke.openings[1], step.openings[2], step.openings[3]] : step.openings;
      return;
    }
    this.undoStack.push(step);
    if (this.undoStack.length > HISTORY) this.undoStack.shift();
    this.redoStack = [];
  }

  /**
   * Open or close the passage between two neighbouring cells; whether anything changed.
   * @param {readonly number[]} a
   * @param {readonly number[]} b
   * @param {boolean} open
   */
  setPassage(a, b, open) {
    const at = passageOf(this.maze, a, b);
    if (!at) return false;
    const [k, i] = at;
    const array = arrays(this.maze)[k];
    const value = open ? 1 : 0;
    if (array[i] === value) return false;
    array[i] = value;
    this.changed({ changes: [[k, i, 1 - value, value]], openings: null, whole: null });
    return true;
  }

  /** Whether the passage between two neighbouring cells is open. @param {readonly number[]} a @param {readonly number[]} b */
  isOpen(a, b) {
    const at = passageOf(this.maze, a, b);
    return !!at && arrays(this.maze)[at[0]][at[1]] === 1;
  }

  /**
   * Move the entrance or the exit to a border cell (not onto the other opening); whether it moved.
   * @param {'entrance' | 'exit'} which
   * @param {readonly number[]} cell
   */
  moveOpening(which, cell) {
    const { maze } = this;
    const other = which === 'entrance' ? maze.exit : maze.entrance;
    if (!onBorder(maze, cell) || (cell[0] === other[0] && cell[1] === other[1])) return false;
    if (maze[which][0] === cell[0] && maze[which][1] === cell[1]) return false;
    const before = /** @type {[Cell, Cell]} */ ([copy(maze.entrance), copy(maze.exit)]);
    maze[which] = copy(cell);
    this.changed({ changes: [], openings: [...before, copy(maze.entrance), copy(maze.exit)], whole: null });
    return true;
  }

  /**
   * Wall in (`open` false) or open up every passage between two cells of the rectangle with corners
   * `a` and `b`; the walls round the rectangle stay as they are. One step; whether anything changed.
   * @param {readonly number[]} a
   * @param {readonly number[]} b
   * @param {boolean} open
   */
  fillRegion(a, b, open) {
    const { maze } = this;
    const clamp = (/** @type {number} */ v, /** @type {number} */ n) => Math.min(Math.max(v, 0), n - 1);
    const r0 = clamp(Math.min(a[0], b[0]), maze.rows);
    const r1 = clamp(Math.max(a[0], b[0]), maze.rows);
    const c0 = clamp(Math.min(a[1], b[1]), maze.cols);
    const c1 = clamp(Math.max(a[1], b[1]), maze.cols);
    const value = open ? 1 : 0;
    const all = arrays(maze);
    /** @type {Change[]} */
    const changes = [];
    /** @param {number} k @param {number} i */
    const set = (k, i) => {
      if (all[k][i] !== value) {
        changes.push([k, i, all[k][i], value]);
        all[k][i] = value;
      }
    };
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * maze.cols + c;
        if (c < c1) set(0, i);
        if (r < r1) set(1, i);
        if (maze.directions === 8 && r < r1 && !open) {
          if (c < c1) set(2, i);
          if (c > c0) set(3, i);
        }
      }
    }
    if (!changes.length) return false;
    this.changed({ changes, openings: null, whole: null });
    return true;
  }

  /**
   * Put another maze in place of this one (a blank one, a generated, published or imported one, or this
   * one resized); one step.
   * @param {Maze} next
   */
  replace(next) {
    this.endStroke();
    const step = { changes: [], openings: null, whole: /** @type {[Maze, Maze]} */ ([this.maze, next]) };
    this.maze = next;
    this.changed(step);
  }

  /** An edit done: kept in the history, the revision moved on, its cells noted for the picture. @param {Step} step */
  changed(step) {
    if (!this.applying) this.record(step);
    this.revision++;
    if (step.whole) this.touched.whole = true;
    const { cols } = this.maze;
    const across = [1, cols, cols + 1, cols - 1]; // the other cell of each passage kind
    for (const [k, i] of step.changes) this.touched.cells.push(i, i + across[k]);
    for (const [r, c] of step.openings ?? []) this.touched.cells.push(r * cols + c);
  }

  /** The cells changed since last asked (or that the whole maze did), for repainting only those. */
  takeTouched() {
    const touched = this.touched;
    this.touched = { whole: false, cells: [] };
    return touched;
  }

  /**
   * This maze at another size or topology: what fits is kept, passages through the new outer wall are
   * closed, openings left inside move to the nearest border cell. One step.
   * @param {number} rows
   * @param {number} cols
   * @param {number} [directions]
   */
  resize(rows, cols, directions = this.maze.directions) {
    const old = this.maze;
    const next = blankMaze(rows, cols, directions);
    for (let r = 0; r < Math.min(rows, old.rows); r++) {
      for (let c = 0; c < Math.min(cols, old.cols); c++) {
        const i = r * old.cols + c;
        const j = r * cols + c;
        next.east[j] = c < cols - 1 ? old.east[i] : 0;
        next.south[j] = r < rows - 1 ? old.south[i] : 0;
        if (directions === 8 && old.directions === 8 && r < rows - 1) {
          next.southeast[j] = c < cols - 1 ? old.southeast[i] : 0;
          next.southwest[j] = c > 0 ? old.southwest[i] : 0;
        }
      }
    }
    next.entrance = onBorder(next, old.entrance) ? copy(old.entrance) : nearestBorder(next, old.entrance);
    next.exit = onBorder(next, old.exit) ? copy(old.exit) : nearestBorder(next, old.exit);
    if (next.exit[0] === next.entrance[0] && next.exit[1] === next.entrance[1]) {
      next.entrance = [0, 0];
      next.exit = [rows - 1, cols - 1];
    }
    this.replace(next);
  }

  /** Whether there is something to undo or redo. */
  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Take back the last step; whether there was one. */
  undo() {
    this.endStroke();
    const step = this.undoStack.pop();
    if (!step) return false;
    this.apply(step, false);
    this.redoStack.push(step);
    return true;
  }

  /** Do again the last step taken back; whether there was one. */
  redo() {
    this.endStroke();
    const step = this.redoStack.pop();
    if (!step) return false;
    this.apply(step, true);
    this.undoStack.push(step);
    return true;
  }

  /** @param {Step} step @param {boolean} forward */
  apply(step, forward) {
    if (step.whole) this.maze = step.whole[forward ? 1 : 0];
    const all = arrays(this.maze);
    const changes = forward ? step.changes : [...step.changes].reverse();
    for (const [k, i, before, after] of changes) all[k][i] = forward ? after : before;
    if (step.openings) {
      this.maze.entrance = copy(step.openings[forward ? 2 : 0]);
      this.maze.exit = copy(step.openings[forward ? 3 : 1]);
    }
    this.applying = true;
    this.changed(step);
    this.applying = false;
  }

  /** The maze in its wire form (model/maze.js), for the server. */
  wire() {
    return encodeMaze(this.maze);
  }
}
