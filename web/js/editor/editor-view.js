// The editor's canvas: where the view looks (zoom and pan, fitted to the maze at first), which cell or
// wall a pointer is over, and the drawing. The maze is drawn by the game's own painters (render/), in
// the same world units (cell (r, c) is the unit square at (2c+1, 2r+1), walls on the even lines between),
// then what the editor lays over it: the shortest way, the clear check's walk and runner, the region
// being chosen. Drawing happens in one animation frame after any change, never more than once a frame;
// each drawing is timed as an `editor-draw` performance measure.
import { paintMaze } from '../render/maze-layer.js';
import { drawMaze8, paintMaze8, repaintCells8 } from '../render/maze8.js';
import { centre } from '../render/world.js';

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {[number, number]} Cell */
/** The cells an edit changed since the last frame, or the whole maze. @typedef {{whole: boolean, cells: number[]}} Touched */
/**
 * What is drawn over the maze.
 * @typedef {object} Overlay
 * @property {Cell[] | null} [way] the shortest way, when shown
 * @property {Cell[] | null} [walk] the clear check's walk so far
 * @property {[Cell, Cell] | null} [region] the rectangle being chosen
 * @property {Cell | null} [cursor] the keyboard's cell
 */

const MAX_UNIT = 64; // CSS px a world unit at the closest zoom
const MIN_UNIT = 0.5;
const MARGIN = 8; // CSS px round the fitted maze
const WAY = '#1f5fbf';
const WALK = '#1e7b34';
const REGION = '#c25e00';

export class EditorView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.unit = 10; // CSS px a world unit
    this.ox = 0; // CSS px of the world origin within the canvas
    this.oy = 0;
    this.fitted = true; // follow the canvas's size until zoomed or panned by hand
    this.gutter = 0; // CSS px on the canvas's right kept free of the fitted maze: the zoom buttons stand there
    /** @type {{maze: Maze | null, revision: number, image: HTMLCanvasElement | null}} */
    this.painted = { maze: null, revision: -1, image: null };
    this.frame = 0;
  }

  /** The canvas's size in CSS px. */
  size() {
    const rect = this.canvas.getBoundingClientRect();
    return [Math.max(1, rect.width), Math.max(1, rect.height)];
  }

  /**
   * Show the whole maze, centred, and clear of the gutter: on a narrow screen a maze as wide as the
   * canvas would have its last columns under the zoom buttons, where they cannot be drawn on.
   * @param {Maze} maze
   */
  fit(maze) {
    const [w, h] = this.size();
    const free = Math.max(1, w - this.gutter);
    const W = 2 * maze.cols + 1;
    const H = 2 * maze.rows + 1;
    this.unit = Math.max(MIN_UNIT, Math.min(MAX_UNIT, Math.min((free - 2 * MARGIN) / W, (h - 2 * MARGIN) / H)));
    this.ox = Math.min((w - W * this.unit) / 2, free - MARGIN - W * this.unit);
    this.oy = (h - H * this.unit) / 2;
    this.fitted = true;
  }

  /**
   * Zoom by `factor` keeping the world point under (x, y) (CSS px in the canvas) where it is.
   * @param {number} factor @param {number} x @param {number} y
   */
  zoomAt(factor, x, y) {
    const unit = Math.max(MIN_UNIT, Math.min(MAX_UNIT, this.unit * factor));
    const k = unit / this.unit;
    this.ox = x - (x - this.ox) * k;
    this.oy = y - (y - this.oy) * k;
    this.unit = unit;
    this.fitted = false;
  }

  /** Move the view by (dx, dy) CSS px. @param {number} dx @param {number} dy */
  panBy(dx, dy) {
    this.ox += dx;
    this.oy += dy;
    this.fitted = false;
  }

  /** A client point in canvas CSS px. @param {number} clientX @param {number} clientY */
  local(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    return [clientX - rect.left, clientY - rect.top];
  }

  /**
   * What lies under a client point: the cell it is in or nearest to (clamped to the maze), and the wall
   * between two cells when the point is on one (null on a cell or a corner).
   * @param {Maze} maze
   * @param {number} clientX
   * @param {number} clientY
   * @returns {{cell: Cell, inside: boolean, onCell: boolean, wall: [Cell, Cell] | null}}
   */
  pick(maze, clientX, clientY) {
    const [x, y] = this.local(clientX, clientY);
    const wx = (x - this.ox) / this.unit;
    const wy = (y - this.oy) / this.unit;
    const inside = wx >= 0 && wy >= 0 && wx < 2 * maze.cols + 1 && wy < 2 * maze.rows + 1;
    const clamp = (/** @type {number} */ v, /** @type {number} */ n) => Math.min(Math.max(v, 0), n - 1);
    const c = clamp(Math.floor((wx - 1) / 2), maze.cols);
    const r = clamp(Math.floor((wy - 1) / 2), maze.rows);
    const px = Math.floor(wx);
    const py = Math.floor(wy);
    /** @type {[Cell, Cell] | null} */
    let wall = null;
    if (px % 2 === 0 && py % 2 === 1 && px > 0 && px < 2 * maze.cols) wall = [[(py - 1) / 2, px / 2 - 1], [(py - 1) / 2, px / 2]];
    else if (px % 2 === 1 && py % 2 === 0 && py > 0 && py < 2 * maze.rows) wall = [[py / 2 - 1, (px - 1) / 2], [py / 2, (px - 1) / 2]];
    const onCell = inside && px % 2 === 1 && py % 2 === 1; // on the cell's own square, not a wall or a corner
    return { cell: [r, c], inside, onCell, wall };
  }

  /**
   * The 8-direction maze's picture (render/maze8.js, a few pixels a unit), painted whole for a new maze
   * and afterwards only round the cells an edit changed, clipped: drawing every cell and passage of a
   * 150 x 150 maze takes longer than a frame, one stroke's cells a fraction of a millisecond.
   * @param {Maze} maze
   * @param {Touched} touched
   * @returns {import('../render/maze8.js').MazePicture}
   */
  picture8(maze, touched) {
    const painted = this.painted;
    if (painted.maze !== maze || touched.whole || !painted.image) {
      this.painted = { maze, revision: -1, image: paintMaze8(maze) };
      return /** @type {import('../render/maze8.js').MazePicture} */ (this.painted.image);
    }
    const image = /** @type {import('../render/maze8.js').MazePicture} */ (painted.image);
    repaintCells8(image, maze, touched.cells);
    return image;
  }

  /** Draw in the next animation frame (once however often asked). @param {() => [Maze, number, Overlay, Touched]} scene */
  request(scene) {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw(...scene());
    });
  }

  /**
   * Draw the maze (repainted when its revision changed) and the overlay.
   * @param {Maze} maze
   * @param {number} revision
   * @param {Overlay} overlay
   * @param {Touched} touched
   */
  draw(maze, revision, overlay, touched) {
    performance.mark('editor-draw-start');
    const { canvas } = this;
    const [w, h] = this.size();
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    if (this.fitted) this.fit(maze);
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const u = this.unit * dpr;
    ctx.setTransform(u, 0, 0, u, this.ox * dpr, this.oy * dpr);
    if (maze.directions === 8) {
      const picture = this.picture8(maze, touched);
      const scale = picture.scale || 1;
      if (u > scale) {
        const view = [-this.ox / this.unit, -this.oy / this.unit, (w - this.ox) / this.unit, (h - this.oy) / this.unit];
        drawMaze8(ctx, maze, view); // zoomed in past the picture: only what is in view, sharp
      } else {
        ctx.imageSmoothingEnabled = true;
        ctx.drawImage(picture, 0, 0, picture.width / scale, picture.height / scale);
      }
    } else {
      if (this.painted.maze !== maze || this.painted.revision !== revision) {
        this.painted = { maze, revision, image: paintMaze(maze) };
      }
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(/** @type {HTMLCanvasElement} */ (this.painted.image), 0, 0);
    }
    if (overlay.way) line(ctx, overlay.way, WAY, 0.35);
    if (overlay.walk) {
      line(ctx, overlay.walk, WALK, 0.5);
      const [x, y] = centre(overlay.walk[overlay.walk.length - 1]);
      ctx.fillStyle = WALK;
      ctx.beginPath();
      ctx.arc(x, y, 0.7, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (overlay.region) {
      const [[r0, c0], [r1, c1]] = overlay.region;
      ctx.strokeStyle = REGION;
      ctx.lineWidth = Math.max(0.25, 2 / this.unit);
      ctx.strokeRect(2 * Math.min(c0, c1) + 0.5, 2 * Math.min(r0, r1) + 0.5, 2 * Math.abs(c1 - c0) + 2, 2 * Math.abs(r1 - r0) + 2);
    }
    if (overlay.cursor) {
      const [r, c] = overlay.cursor;
      ctx.strokeStyle = REGION;
      ctx.lineWidth = Math.max(0.2, 2 / this.unit);
      ctx.strokeRect(2 * c + 0.75, 2 * r + 0.75, 1.5, 1.5);
    }
    performance.measure('editor-draw', 'editor-draw-start'); // the bench (tests/bench/editor_card.py) reads these
  }
}

/** A polyline through cell centres. @param {CanvasRenderingContext2D} ctx @param {Cell[]} cells @param {string} colour @param {number} width */
function line(ctx, cells, colour, width) {
  if (cells.length < 2) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  cells.forEach((cell, k) => {
    const [x, y] = centre(cell);
    if (k) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  });
  ctx.stroke();
}
