// The fog of war as a picture laid over the maze: one pixel a world unit (render.js's units: cell (r, c)
// is the unit square at (2c+1, 2r+1), the walls and passages between cells the units in between), so
// the renderer scales it up without smoothing, like the wall matrix. No DOM: the pixels are plain RGBA.
//
// Each unit is unknown (dark fog), remembered (seen, not in sight now: dimmed) or visible (in sight:
// lit, nothing drawn over it). A unit is known when the cells whose passage bits it holds are seen: a
// cell's own square, its east and south sides (and in 8 directions the corner it shares with its south
// and east neighbours) belong to it, so a seen cell's west or north side towards an unseen cell stays
// fog ("unknown, not a wall"). The outer wall and the pillars between cells hold no bits: known when a
// cell beside them is seen. A known unit is lit when a cell beside it is in sight.
import { sightFlags } from '../model/fog.js';

/** @typedef {import('../model/maze.js').Maze} Maze */
/** Someone's fog, as the renderer draws it. @typedef {{maze: Maze, seen: Uint8Array, visible: Uint8Array, who: string}} Fog */

/** @type {[number, number, number]} */
export const FOG = [34, 38, 52]; // unknown: dark slate, apart from the black walls
export const DIM_ALPHA = 0.5; // remembered: black at this opacity over the maze

/**
 * The fog's RGBA pixels over `maze` for someone who has seen `seen` (0/1 a cell) and sees `visible`
 * (0/1 a cell) now: {width, height, data}, width 2 * cols + 1 and height 2 * rows + 1. The units are
 * those of `unitState`, walked kind by kind in flat loops (a 150 x 150 maze has 90,601 of them, redone
 * on every move of the racer whose fog it is).
 * @param {Maze} maze
 * @param {Uint8Array} seen
 * @param {Uint8Array} visible
 */
export function fogPixels(maze, seen, visible) {
  const { rows, cols } = maze;
  const eight = maze.directions === 8;
  const W = 2 * cols + 1;
  const H = 2 * rows + 1;
  const data = new Uint8ClampedArray(W * H * 4);
  const pixels = new Uint32Array(data.buffer); // one RGBA pixel each, in the machine's byte order
  const fog = rgba32(...FOG, 255);
  const dim = rgba32(0, 0, 0, Math.round(DIM_ALPHA * 255)); // black, half transparent; in sight stays clear
  /** @param {number} x @param {number} y @param {unknown} known @param {unknown} lit */
  const put = (x, y, known, lit) => {
    if (!known) pixels[y * W + x] = fog;
    else if (!lit) pixels[y * W + x] = dim;
  };
  const isSeen = (/** @type {number} */ i) => i >= 0 && seen[i] === 1;
  const isVisible = (/** @type {number} */ i) => i >= 0 && visible[i] === 1;
  for (let r = 0; r < rows; r++) {
    const y = 2 * r + 1;
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      put(2 * c + 1, y, seen[i], visible[i]); // the cell
      if (c < cols - 1) put(2 * c + 2, y, seen[i], visible[i] || visible[i + 1]); // its east side
      if (r < rows - 1) put(2 * c + 1, y + 1, seen[i], visible[i] || visible[i + cols]); // its south side
    }
    put(0, y, seen[r * cols], visible[r * cols]); // the outer wall, west and east
    put(W - 1, y, seen[r * cols + cols - 1], visible[r * cols + cols - 1]);
  }
  for (let c = 0; c < cols; c++) {
    const last = (rows - 1) * cols + c;
    put(2 * c + 1, 0, seen[c], visible[c]); // the outer wall, north and south
    put(2 * c + 1, H - 1, seen[last], visible[last]);
  }
  for (let j = 0; j <= rows; j++) {
    for (let k = 0; k <= cols; k++) {
      // the corner between (j - 1, k - 1), (j - 1, k), (j, k - 1) and (j, k), those that exist
      const up = j > 0;
      const down = j < rows;
      const left = k > 0;
      const right = k < cols;
      const nw = up && left ? (j - 1) * cols + k - 1 : -1;
      const ne = up && right ? (j - 1) * cols + k : -1;
      const sw = down && left ? j * cols + k - 1 : -1;
      const se = down && right ? j * cols + k : -1;
      /** @type {unknown} */
      let known;
      if (eight && nw >= 0 && se >= 0) {
        known = (seen[nw] && seen[ne]) || (seen[nw] && maze.southeast[nw]) || (seen[ne] && maze.southwest[ne]);
      } else known = isSeen(nw) || isSeen(ne) || isSeen(sw) || isSeen(se);
      const lit = isVisible(nw) || isVisible(ne) || isVisible(sw) || isVisible(se);
      put(2 * k, 2 * j, known, lit);
    }
  }
  return { width: W, height: H, data };
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The 32-bit word whose bytes in memory are r, g, b, a. */
/** @param {number} r @param {number} g @param {number} b @param {number} a */
function rgba32(r, g, b, a) {
  return (LITTLE_ENDIAN ? (a << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}

export const UNKNOWN = 0;
export const REMEMBERED = 1;
export const VISIBLE = 2;

/** A function (x, y) -> UNKNOWN, REMEMBERED or VISIBLE for the units of the maze's world grid: the rules,
 * one unit at a time (fogPixels draws them all at once).
 * @param {Maze} maze
 * @param {Uint8Array} seen
 * @param {Uint8Array} visible
 * @returns {(x: number, y: number) => number}
 */
export function unitState(maze, seen, visible) {
  const { rows, cols } = maze;
  const eight = maze.directions === 8;
  const at = (/** @type {number} */ r, /** @type {number} */ c) => (r >= 0 && c >= 0 && r < rows && c < cols ? r * cols + c : -1);
  const isSeen = (/** @type {number} */ i) => i >= 0 && seen[i] === 1;
  const isVisible = (/** @type {number} */ i) => i >= 0 && visible[i] === 1;
  const lit = (/** @type {number[]} */ ...cells) => (cells.some(isVisible) ? VISIBLE : REMEMBERED);
  return (x, y) => {
    const oddX = x & 1;
    const oddY = y & 1;
    if (oddX && oddY) {
      const i = at((y - 1) >> 1, (x - 1) >> 1);
      return isSeen(i) ? lit(i) : UNKNOWN;
    }
    if (oddY) {
      // between (r, c - 1) (its east side: it owns the bit) and (r, c); the outer wall at either end
      const r = (y - 1) >> 1;
      const west = at(r, x / 2 - 1);
      const east = at(r, x / 2);
      const known = west >= 0 ? isSeen(west) : isSeen(east);
      return known ? lit(west, east) : UNKNOWN;
    }
    if (oddX) {
      const c = (x - 1) >> 1;
      const north = at(y / 2 - 1, c);
      const south = at(y / 2, c);
      const known = north >= 0 ? isSeen(north) : isSeen(south);
      return known ? lit(north, south) : UNKNOWN;
    }
    // a corner between up to four cells
    const [nw, ne, sw, se] = [at(y / 2 - 1, x / 2 - 1), at(y / 2 - 1, x / 2), at(y / 2, x / 2 - 1), at(y / 2, x / 2)];
    let known;
    if (eight && nw >= 0 && se >= 0) {
      // the south-east passage of nw and the south-west passage of ne cross here
      known = (isSeen(nw) && isSeen(ne)) || (isSeen(nw) && maze.southeast[nw] === 1) || (isSeen(ne) && maze.southwest[ne] === 1);
    } else known = [nw, ne, sw, se].some(isSeen); // a pillar, or the outer wall
    return known ? lit(nw, ne, sw, se) : UNKNOWN;
  };
}

/**
 * What the renderer needs to draw someone's fog, kept while nothing changes: the same object comes back
 * for the same maze, seen set (its revision), standpoint and vision, so the renderer rebuilds its
 * picture only when the object changes.
 */
export class FogLens {
  constructor() {
    /** @type {string | null} */
    this.key = null;
    /** @type {Maze | null} */
    this.maze = null;
    /** @type {Fog | null} */
    this.value = null;
  }

  /**
   * {maze, seen, visible, who} for `who` (an id) standing at `cell` ([r, c] or null) with `vision`,
   * having seen `seen` (revision `revision`).
   * @param {Maze} maze
   * @param {Uint8Array} seen
   * @param {number} revision
   * @param {readonly number[] | null | undefined} cell
   * @param {unknown} vision
   * @param {string} who
   * @returns {Fog}
   */
  look(maze, seen, revision, cell, vision, who) {
    const key = `${who}|${revision}|${cell ? cell.join(',') : '-'}|${vision}`;
    if (maze !== this.maze || key !== this.key) {
      this.maze = maze;
      this.key = key;
      const visible = cell ? sightFlags(maze, cell, vision) : new Uint8Array(maze.size);
      this.value = { maze, seen, visible, who };
    }
    return /** @type {Fog} */ (this.value);
  }
}
