// The maze layer: the maze's picture, the fog over it and the exit, everything under the moving parts.
// The wall matrix is painted once, one pixel a unit (world.js), to an offscreen canvas and scaled up
// without smoothing, so any zoom stays crisp. An 8-direction maze cannot be drawn as blocks (a diagonal
// passage runs through a corner), so it is drawn as cells joined by passage strokes (maze8.js):
// offscreen at a few pixels a unit when zoomed out, straight onto the canvas for the part in view when
// zoomed in. In a fog race the scene carries the fog (fog-layer.js): a picture of one pixel a unit laid
// over the maze, and the maze's picture is repainted where moves revealed cells (the maze grows in
// place). Its own module because these pictures are cached between frames and only this file knows when
// they are out of date.
import { paintMaze8, drawMaze8, repaintCells8 } from './maze8.js';
import { fogPixels } from './fog-layer.js';

/** @typedef {import('../model/fog.js').FogMaze} FogMaze */
/** @typedef {import('./maze8.js').MazePicture} MazePicture */
/** @typedef {[number, number, number]} Rgb */

/** @type {Rgb} */
const ENTRANCE = [46, 160, 67]; // green
/** @type {Rgb} */
const EXIT = [214, 39, 40]; // red (also checkered, for colour-blind players)

/** The maze's layer; draw, drawFog and drawExit are called only once `set` has given it a maze. */
export class MazeLayer {
  constructor() {
    /** @type {FogMaze | null} */
    this.maze = null;
    /** @type {MazePicture | null} */
    this.image = null;
    this.painted = { revision: 0, reveals: 0 }; // how much of a growing fog maze the image shows
    /** @type {import('./fog-layer.js').Fog | null} */
    this.fog = null; // the scene's fog last drawn, and its picture
    /** @type {HTMLCanvasElement | null} */
    this.fogImage = null;
  }

  /** The maze and its picture (the page draws only once it has set a maze). */
  get shown() {
    return { maze: /** @type {FogMaze} */ (this.maze), image: /** @type {MazePicture} */ (this.image) };
  }

  /** A new maze (or none): paint it offscreen, forget the fog. */
  /** @param {FogMaze | null} maze */
  set(maze) {
    this.maze = maze;
    this.image = !maze ? null : maze.directions === 8 ? paintMaze8(maze) : paintMaze(maze);
    this.painted = { revision: maze?.revision ?? 0, reveals: maze?.reveals?.length ?? 0 };
    this.fog = null;
    this.fogImage = null;
  }

  /**
   * The maze, under the world transform `du` device pixels a unit; `view` is the visible world box
   * [x0, y0, x1, y1]. Brings the picture up to date with the fog's reveals first.
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} du
   * @param {readonly number[]} view
   */
  draw(ctx, du, view) {
    this.repaintRevealed();
    const { maze, image } = this.shown;
    const scale = image.scale || 1; // offscreen pixels a unit
    if (maze.directions === 8 && du > scale) {
      drawMaze8(ctx, maze, view); // zoomed in past the offscreen picture: draw what is in view, sharp
    } else {
      ctx.imageSmoothingEnabled = scale > 1; // the 8-direction picture is shrunk smoothly, blocks stay crisp
      ctx.drawImage(image, 0, 0, image.width / scale, image.height / scale);
    }
  }

  /**
   * A fog maze grows in place: bring the maze's picture up to date with the cells revealed since it was
   * painted. The wall matrix (one pixel a unit) is cheap to paint again; an 8-direction picture is
   * repainted only around the new cells, clipped, so nothing beside them changes.
   */
  repaintRevealed() {
    const { maze, image } = this.shown;
    if (!maze.seen || maze.revision === this.painted.revision) return;
    if (maze.directions !== 8) this.image = paintMaze(maze);
    else repaintCells8(image, maze, maze.reveals.slice(this.painted.reveals));
    this.painted = { revision: maze.revision, reveals: maze.reveals.length };
  }

  /**
   * The fog over the maze: unknown dark, remembered dimmed, what is in sight lit. The picture (one
   * pixel a unit) is rebuilt only when the scene's fog object changes (fog-layer.js's FogLens keeps
   * it while nothing changed). Returns whether the exit is under fog.
   * @param {CanvasRenderingContext2D} ctx
   * @param {import('./fog-layer.js').Fog | null | undefined} fog
   */
  drawFog(ctx, fog) {
    const { maze } = this.shown;
    if (!fog || fog.maze !== maze) return false;
    if (fog !== this.fog || !this.fogImage) {
      const { width, height, data } = fogPixels(maze, fog.seen, fog.visible);
      const canvas = this.fogImage || document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).putImageData(new ImageData(data, width, height), 0, 0);
      this.fogImage = canvas;
      this.fog = fog;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.fogImage, 0, 0);
    const [r, c] = maze.exit;
    return fog.seen[r * maze.cols + c] !== 1;
  }

  /** The exit, checkered (for colour-blind players); under fog it shows through, tinted: its place is no secret. */
  /** @param {CanvasRenderingContext2D} ctx @param {boolean} [fogged] */
  drawExit(ctx, fogged = false) {
    const [r, c] = this.shown.maze.exit;
    const x = 2 * c + 1;
    const y = 2 * r + 1;
    if (fogged) {
      ctx.fillStyle = `rgba(${EXIT.join(',')},.75)`;
      ctx.fillRect(x, y, 1, 1);
    }
    ctx.fillStyle = 'rgba(0,0,0,.8)';
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if ((i + j) % 2) ctx.fillRect(x + i / 4, y + j / 4, 0.25, 0.25);
  }
}

/** The wall matrix, one pixel a unit: black walls, white passages, entrance and exit tinted. */
/** @param {import('../model/maze.js').Maze} maze */
export function paintMaze(maze) {
  const { rows, cols, east, south } = maze;
  const W = 2 * cols + 1;
  const H = 2 * rows + 1;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const image = ctx.createImageData(W, H);
  const px = image.data;
  /** @param {number} x @param {number} y @param {readonly number[]} colour */
  const paint = (x, y, [r, g, b]) => {
    const k = 4 * (y * W + x);
    px[k] = r;
    px[k + 1] = g;
    px[k + 2] = b;
  };
  for (let k = 3; k < px.length; k += 4) px[k] = 255; // opaque black everywhere
  /** @type {[number, number, number]} */
  const white = [255, 255, 255];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      paint(2 * c + 1, 2 * r + 1, white);
      if (east[i]) paint(2 * c + 2, 2 * r + 1, white);
      if (south[i]) paint(2 * c + 1, 2 * r + 2, white);
    }
  }
  // Doors in the outer wall beside the entrance and the exit (drawn only: the outer wall stays closed).
  /** @param {readonly number[]} cell @param {Rgb} colour @param {string[]} order */
  const door = ([r, c], colour, order) => {
    paint(2 * c + 1, 2 * r + 1, colour.map((v) => Math.round(255 - (255 - v) * 0.35)));
    /** @type {Record<string, [boolean, number, number]>} */
    const sides = {
      top: [r === 0, 2 * c + 1, 0],
      left: [c === 0, 0, 2 * r + 1],
      bottom: [r === rows - 1, 2 * c + 1, H - 1],
      right: [c === cols - 1, W - 1, 2 * r + 1],
    };
    const side = order.map((name) => sides[name]).find(([on]) => on);
    if (side) paint(side[1], side[2], colour);
  };
  door(maze.entrance, ENTRANCE, ['top', 'left', 'bottom', 'right']); // by default in at the top left,
  door(maze.exit, EXIT, ['bottom', 'right', 'top', 'left']); // out at the bottom right
  ctx.putImageData(image, 0, 0);
  return canvas;
}
