// The renderer's camera: the zoom (CSS px a world unit, world.js), where the view is centred, and
// the following of one player with a dead zone. Separate from the drawing so what the view shows, and
// which cell a click means, is decided in one place; render.js asks it each frame where to look.
// "Whole maze" fits every cell in the canvas, whatever the maze's size, until a zoom, a pan or
// "follow again" ends it.
import { centre } from './world.js';

const PLAY_UNIT = 12; // CSS px a unit when a maze is too big to play at "fit"
const MIN_FIT = 7; // below this many px a unit, players get the zoomed, following camera
const MAX_UNIT = 48;
/** CSS px kept free round the whole-maze view: an arrow's half-length (9 px at least, overlay.js) and
 * the own arrow's ring, so a player at the maze's edge shows whole, not cut by the canvas's edge. */
const MARKER_MARGIN = 12;

/** What the camera reads of a maze. @typedef {{rows: number, cols: number}} Sized */
/** What the camera reads of a scene: whom to follow, and where everyone stands. @typedef {{follow?: string | null, players: readonly {id: string, cell: readonly number[] | null}[]}} Followed */

export class Camera {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    /** @type {number | null} */
    this.unit = null; // CSS px a unit chosen by zoom; null = automatic
    this.cx = 0; // camera centre, world units
    this.cy = 0;
    this.free = false; // panned by hand: stop following
    this.whole = false; // the whole maze fitted in the canvas, centred
    this.cssW = 0; // the canvas's size, CSS px (the renderer keeps it up to date)
    this.cssH = 0;
    this.view = { unit: 1, cx: 0, cy: 0 }; // what the last frame used: picking and panning read it
  }

  /** A new maze (or none): automatic zoom, following again, centred on the maze. */
  /** @param {Sized | null | undefined} maze */
  reset(maze) {
    this.unit = null;
    this.free = false;
    this.whole = false;
    if (maze) {
      this.cx = maze.cols + 0.5;
      this.cy = maze.rows + 0.5;
    }
  }

  /** Centre on a player's cell at once (no glide). */
  /** @param {{cell: readonly number[] | null} | null | undefined} player */
  snapTo(player) {
    if (player?.cell) [this.cx, this.cy] = centre(player.cell);
  }

  /** Zoom by `factor`; with a client point and a free camera, the world point under it stays put. */
  /** @param {Sized | null} maze @param {number} factor @param {number} [clientX] @param {number} [clientY] */
  zoomBy(maze, factor, clientX, clientY) {
    const before = this.unit ?? this.view.unit;
    const fit = this.fitUnit(maze);
    const unit = Math.min(MAX_UNIT, Math.max(Math.min(fit, 2), before * factor)); // down to "fit" on any maze
    this.whole = false;
    if (clientX != null && this.free) {
      const [wx, wy] = this.toWorld(clientX, /** @type {number} */ (clientY));
      const rect = this.canvas.getBoundingClientRect();
      this.cx = wx - (clientX - rect.left - this.cssW / 2) / unit;
      this.cy = wy - (/** @type {number} */ (clientY) - rect.top - this.cssH / 2) / unit;
    }
    this.unit = unit;
  }

  /** @param {number} dx @param {number} dy */
  panBy(dx, dy) {
    this.free = true;
    this.whole = false;
    this.cx -= dx / this.view.unit;
    this.cy -= dy / this.view.unit;
  }

  /** The cell of `maze` under a client point, or null. */
  /** @param {Sized} maze @param {number} clientX @param {number} clientY @returns {[number, number] | null} */
  cellAt(maze, clientX, clientY) {
    const [wx, wy] = this.toWorld(clientX, clientY);
    const c = Math.round((wx - 1.5) / 2);
    const r = Math.round((wy - 1.5) / 2);
    return r >= 0 && c >= 0 && r < maze.rows && c < maze.cols ? [r, c] : null;
  }

  /** @param {number} clientX @param {number} clientY @returns {[number, number]} */
  toWorld(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const { unit, cx, cy } = this.view;
    return [(clientX - rect.left - this.cssW / 2) / unit + cx, (clientY - rect.top - this.cssH / 2) / unit + cy];
  }

  /** CSS px a unit that shows the whole maze. */
  /** @param {Sized | null | undefined} maze */
  fitUnit(maze) {
    if (!maze) return 1;
    return Math.min(this.cssW / (2 * maze.cols + 1), this.cssH / (2 * maze.rows + 1));
  }

  /**
   * CSS px a unit for "whole maze": the whole maze with a marker's margin all round it.
   * @param {Sized} maze
   */
  wholeUnit(maze) {
    const pad = 2 * MARKER_MARGIN;
    return Math.max(0.1, Math.min((this.cssW - pad) / (2 * maze.cols + 1), (this.cssH - pad) / (2 * maze.rows + 1)));
  }

  /**
   * Move towards where the camera should be, `dt` ms after the last frame (at once with reduced
   * motion or a free camera); sets `view`. True while still moving.
   * @param {Sized} maze
   * @param {Followed} scene
   * @param {number} dt
   * @param {boolean} reducedMotion
   */
  follow(maze, scene, dt, reducedMotion) {
    const W = 2 * maze.cols + 1;
    const H = 2 * maze.rows + 1;
    const fit = this.fitUnit(maze);
    const followed = scene.follow ? scene.players.find((p) => p.id === scene.follow) : null;
    if (this.whole) {
      this.cx = W / 2;
      this.cy = H / 2;
      this.view = { unit: this.wholeUnit(maze), cx: this.cx, cy: this.cy };
      return false;
    }
    const unit = this.unit ?? (fit >= MIN_FIT || !followed ? fit : Math.max(fit, PLAY_UNIT));
    const halfW = this.cssW / 2 / unit;
    const halfH = this.cssH / 2 / unit;
    let [tx, ty] = [this.cx, this.cy];
    if (!this.free && followed?.cell) {
      // Keep the followed arrow inside the middle of the view (a dead zone), not glued to the centre.
      const [px, py] = centre(followed.cell);
      const zx = halfW * 0.35;
      const zy = halfH * 0.35;
      tx = Math.min(Math.max(tx, px - zx), px + zx);
      ty = Math.min(Math.max(ty, py - zy), py + zy);
    }
    const clampAxis = (/** @type {number} */ v, /** @type {number} */ half, /** @type {number} */ size) => (2 * half >= size ? size / 2 : Math.min(Math.max(v, half - 1), size - half + 1));
    tx = clampAxis(tx, halfW, W);
    ty = clampAxis(ty, halfH, H);
    const k = this.free || reducedMotion ? 1 : Math.min(1, dt / 90);
    this.cx += (tx - this.cx) * k;
    this.cy += (ty - this.cy) * k;
    const moving = Math.abs(tx - this.cx) * unit > 0.5 || Math.abs(ty - this.cy) * unit > 0.5;
    if (!moving) [this.cx, this.cy] = [tx, ty];
    this.view = { unit, cx: this.cx, cy: this.cy };
    return moving;
  }
}
