// The canvas renderer and its frame loop. Draws what it is given (a scene from room.js or replay.js);
// never touches the socket. Drawing happens only inside requestAnimationFrame, and a frame is asked for
// only when something changed or is still moving. This file keeps the loop and the order of the
// layers; each layer has its own module: the camera (camera.js), the maze, fog and exit (maze-layer.js),
// the own search (search-draw.js), hints and players (overlay.js), trails (trail-draw.js), ghosts
// (ghost-draw.js). World units are explained in world.js.
import { Camera } from './camera.js';
import { MazeLayer } from './maze-layer.js';
import { SearchAnimation } from './search-draw.js';
import { drawHints, drawPlayers } from './overlay.js';
import { drawTrails } from './trail-draw.js';
import { drawGhosts } from './ghost-draw.js';
import { centre } from './world.js';

export { paintMaze } from './maze-layer.js'; // analysis-panel.js paints its small mazes with it

/** @typedef {import('./room-scene.js').Scene} Scene */
/** @typedef {import('../model/maze.js').Maze} Maze */

export class Renderer {
  /**
   * getScene() -> {maze, players, youId, follow, trails: 'own'|'all'|'seer', seer?, hints, fog?, ghosts?} (see room.js)
   * @param {HTMLCanvasElement} canvas
   * @param {() => Scene} getScene
   */
  constructor(canvas, getScene) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    this.getScene = getScene;
    /** @type {Maze | null} */
    this.maze = null;
    this.layer = new MazeLayer();
    this.camera = new Camera(canvas);
    /** @type {SearchAnimation | null} */
    this.search = null; // own search animation (search-draw.js)
    this.frameRequested = false;
    this.last = 0;
    /** @type {{du: number, tx: number, ty: number} | null} */
    this.drawn = null; // the last frame's world-to-canvas transform {du, tx, ty}, device pixels
    this.reducedMotion = false; // the camera jumps, hint paths do not pulse, searches show at once (feel.js)
    /** @type {((time: number, ms: number) => void) | null} */
    this.probe = null; // probe(frame time, ms spent drawing) after each frame (feel.js's test hook)
    this.stageColour = '#d9dde3'; // behind the maze: the stage's --stage token, read again on resize
    const resize = () => {
      this.stageColour = getComputedStyle(canvas).getPropertyValue('--stage').trim() || this.stageColour;
      this.camera.cssW = canvas.clientWidth;
      this.camera.cssH = canvas.clientHeight;
      this.invalidate();
    };
    if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);
    window.addEventListener('resize', resize);
    resize();
  }

  /** CSS px a unit chosen by zoom; null = automatic (ui.js's "fit" button sets it back to null). */
  get unit() {
    return this.camera.unit;
  }
  /** @param {number | null} value */
  set unit(value) {
    this.camera.unit = value;
  }

  invalidate() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((t) => {
      this.frameRequested = false;
      const started = performance.now();
      this.draw(t);
      this.probe?.(t, performance.now() - started);
    });
  }

  /** A new maze (or none): redraw the wall matrix offscreen. */
  /** @param {Maze | null} maze */
  setMaze(maze) {
    if (maze === this.maze) return;
    this.maze = maze;
    this.search = null;
    this.layer.set(/** @type {import('../model/fog.js').FogMaze | null} */ (maze)); // a plain maze draws as one without fog
    this.camera.reset(maze);
    if (maze) {
      const follow = this.getScene().follow;
      if (follow) this.snapTo(follow);
    }
    this.invalidate();
  }

  /** @param {number} factor @param {number} [clientX] @param {number} [clientY] */
  zoomBy(factor, clientX, clientY) {
    if (!this.maze) return;
    this.camera.zoomBy(this.maze, factor, clientX, clientY);
    this.invalidate();
  }

  /** @param {number} dx @param {number} dy */
  panBy(dx, dy) {
    this.camera.panBy(dx, dy);
    this.invalidate();
  }

  /** Stop the free camera (and the whole-maze view) and follow the scene's `follow` player again. */
  recentre() {
    this.camera.free = false;
    this.camera.whole = false;
    this.invalidate();
  }

  /** Whether the whole maze is fitted in the canvas. */
  get whole() {
    return this.camera.whole;
  }

  /** Fit the whole maze in the canvas, or go back to following (the zoom chosen before is kept). */
  toggleWhole() {
    this.camera.whole = !this.camera.whole;
    if (!this.camera.whole) this.camera.free = false;
    this.invalidate();
  }

  /**
   * Where the maze (its walls and cells) was last drawn, in CSS px relative to the viewport, or null
   * before a frame or with no maze. Uncut: parts may lie outside the canvas; `mazeRect` is the part
   * inside it, which a control beside the maze must not cover.
   * @returns {{left: number, top: number, right: number, bottom: number} | null}
   */
  mazeExtent() {
    if (!this.maze) return null;
    const topLeft = this.clientPoint(0, 0);
    const bottomRight = this.clientPoint(2 * this.maze.cols + 1, 2 * this.maze.rows + 1);
    return topLeft && bottomRight ? { left: topLeft.x, top: topLeft.y, right: bottomRight.x, bottom: bottomRight.y } : null;
  }

  /** The drawn maze cut to the canvas (`mazeExtent`'s part the player sees), or null. */
  mazeRect() {
    const extent = this.mazeExtent();
    if (!extent) return null;
    const box = this.canvas.getBoundingClientRect();
    return { left: Math.max(extent.left, box.left), top: Math.max(extent.top, box.top), right: Math.min(extent.right, box.right), bottom: Math.min(extent.bottom, box.bottom) };
  }

  /** @param {string} id */
  snapTo(id) {
    this.camera.snapTo(this.getScene().players.find((q) => q.id === id));
  }

  /** The cell under a client point, or null. */
  /** @param {number} clientX @param {number} clientY */
  cellAt(clientX, clientY) {
    return this.maze ? this.camera.cellAt(this.maze, clientX, clientY) : null;
  }

  /** The canvas pixel (device pixels) where world point (wx, wy) was last drawn, or null before a frame. */
  /** @param {number} wx @param {number} wy @returns {[number, number] | null} */
  canvasPoint(wx, wy) {
    const d = this.drawn;
    return d ? [d.tx + wx * d.du, d.ty + wy * d.du] : null;
  }

  /** Where world point (wx, wy) was last drawn, in CSS px relative to the viewport, or null before a frame. */
  /** @param {number} wx @param {number} wy @returns {{x: number, y: number} | null} */
  clientPoint(wx, wy) {
    const at = this.canvasPoint(wx, wy);
    if (!at) return null;
    const dpr = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    return { x: box.left + at[0] / dpr, y: box.top + at[1] / dpr };
  }

  /** Where a cell's middle was last drawn (`clientPoint`), or null before a frame. */
  /** @param {readonly number[]} cell */
  clientPointOf(cell) {
    return this.clientPoint(...centre(cell));
  }

  /** Animate the explored order of the own hint (how its method searched), then show its path. */
  /** @param {{id: string, method: string}} hint @param {readonly (readonly number[])[] | null | undefined} order */
  playSearch(hint, order) {
    if (!order?.length) return;
    this.search = new SearchAnimation(hint, order, Date.now());
    this.invalidate();
  }

  // ---- drawing ----
  /** @param {number} time */
  draw(time) {
    const dt = Math.min(100, time - (this.last || time));
    this.last = time;
    const { canvas, ctx, camera } = this;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(camera.cssW * dpr));
    const h = Math.max(1, Math.round(camera.cssH * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = this.stageColour;
    ctx.fillRect(0, 0, w, h);
    if (!this.maze || !this.layer.image || !camera.cssW || !camera.cssH) return; // nothing to show, or hidden
    const scene = this.getScene();
    const now = Date.now();
    let animating = camera.follow(this.maze, scene, dt, this.reducedMotion);

    // Crisp blocks: a whole number of device pixels a unit once units are big enough.
    let du = camera.view.unit * dpr;
    if (du >= 2) du = Math.floor(du); // rounding down keeps a fitted maze inside the canvas
    camera.view.unit = du / dpr; // what is drawn is what picking and panning use
    const tx = Math.round(w / 2 - camera.view.cx * du);
    const ty = Math.round(h / 2 - camera.view.cy * du);
    ctx.setTransform(du, 0, 0, du, tx, ty);
    this.drawn = { du, tx, ty };
    const px = 1 / du; // one device pixel in world units
    const unitCss = du / dpr;
    const view = [-tx / du - 1, -ty / du - 1, (w - tx) / du + 1, (h - ty) / du + 1]; // visible world box
    this.layer.draw(ctx, du, view);

    // The order is the picture: each layer draws over the ones before (and inherits their canvas state).
    const fogged = this.layer.drawFog(ctx, scene.fog);
    this.layer.drawExit(ctx, fogged);
    if (this.search) {
      const playing = this.search.draw(ctx, now, this.reducedMotion);
      if (!playing) this.search = null;
      animating = playing || animating;
    }
    animating = drawHints(ctx, scene, this.search, now, unitCss, this.reducedMotion) || animating;
    drawTrails(ctx, scene, unitCss, view);
    drawGhosts(ctx, scene.ghosts || [], unitCss); // under the players: a ghost never hides a racer
    drawPlayers(ctx, scene, unitCss, px);
    if (this.search && now < this.search.end) this.search.drawCaption(ctx, dpr, camera.cssH);
    if (animating) this.invalidate();
  }
}
