// Drawing an 8-direction maze (render.js draws the rest). Its diagonal passages run through the corner
// between four cells, where no block picture can show them, so the maze is drawn as cells (rounded
// squares) joined by passage strokes for every open direction, in the same world units as the block
// picture (cell (r, c) is the unit square at (2c+1, 2r+1)), so trails, hints, picking and the camera
// work unchanged. Two diagonals crossing in one corner read as two strokes: the northeast-southwest one
// is drawn over the other with a gap of wall colour on each side.

export const WALL = '#000';
export const PASSAGE = '#fff';
export const PASSAGE_WIDTH = 0.6; // world units (a cell is 1)
const GAP = 0.16; // wall colour either side of the upper stroke of a crossing
const CORNER = 0.3; // radius of a cell's corners
const PIXEL_BUDGET = 4_000_000; // offscreen pixels at most (a 150 x 150 maze: 6 pixels a unit)
/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {[number, number, number]} Rgb */
/** The maze painted offscreen, with the pixels it has a world unit. @typedef {HTMLCanvasElement & {scale?: number}} MazePicture */

/** @type {Rgb} */
const ENTRANCE = [46, 160, 67]; // as render.js: green
/** @type {Rgb} */
const EXIT = [214, 39, 40]; // red

/** @param {readonly number[]} colour */
const rgb = ([r, g, b]) => `rgb(${r},${g},${b})`;
/** @param {Rgb} colour */
const tint = (colour) => rgb(colour.map((v) => Math.round(255 - (255 - v) * 0.35)));

/**
 * The whole maze offscreen at `scale` pixels a world unit (chosen for the maze's size: 2 to 8), for
 * views zoomed out to that or less. The canvas carries its `scale`.
 * @param {Maze} maze
 * @returns {MazePicture}
 */
export function paintMaze8(maze) {
  const W = 2 * maze.cols + 1;
  const H = 2 * maze.rows + 1;
  const scale = Math.max(2, Math.min(8, Math.floor(Math.sqrt(PIXEL_BUDGET / (W * H)))));
  /** @type {MazePicture} */
  const canvas = document.createElement('canvas');
  canvas.width = W * scale;
  canvas.height = H * scale;
  canvas.scale = scale; // offscreen pixels a unit, read back by the maze layer
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawMaze8(ctx, maze, [0, 0, W, H]);
  return canvas;
}

/**
 * Size `canvas` to `unit` CSS px a world unit for a `W` x `H` maze (sharp on this screen's pixel ratio)
 * and draw `picture` on it whole; the context comes back mapping world units, for what goes on top.
 * @param {HTMLCanvasElement} canvas
 * @param {MazePicture} picture
 * @param {number} unit
 * @param {number} W
 * @param {number} H
 */
export function showPicture(canvas, picture, unit, W, H) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${Math.round(unit * W)}px`;
  canvas.style.height = `${Math.round(unit * H)}px`;
  canvas.width = Math.round(unit * W * dpr);
  canvas.height = Math.round(unit * H * dpr);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const du = unit * dpr;
  ctx.setTransform(du, 0, 0, du, 0, 0);
  const scale = picture.scale || 1;
  ctx.imageSmoothingEnabled = scale > 1;
  ctx.drawImage(picture, 0, 0, picture.width / scale, picture.height / scale);
  return ctx;
}

/**
 * Paint `picture` again round `cells` (flat indices) only, clipped, so nothing beside them changes:
 * drawing every cell and passage of a 150 x 150 maze takes longer than a frame, a few cells a fraction
 * of a millisecond. For a picture whose maze changed in those cells (an edit, or a fog's reveal).
 * @param {MazePicture} picture
 * @param {Maze} maze
 * @param {readonly number[]} cells
 */
export function repaintCells8(picture, maze, cells) {
  if (!cells.length) return;
  let [r0, c0, r1, c1] = [maze.rows, maze.cols, -1, -1];
  for (const i of cells) {
    const r = Math.floor(i / maze.cols);
    const c = i % maze.cols;
    [r0, c0, r1, c1] = [Math.min(r0, r), Math.min(c0, c), Math.max(r1, r), Math.max(c1, c)];
  }
  const [x0, y0, x1, y1] = [2 * c0, 2 * r0, 2 * c1 + 3, 2 * r1 + 3]; // the cells, their sides and corners
  const ctx = /** @type {CanvasRenderingContext2D} */ (picture.getContext('2d'));
  const scale = picture.scale || 1;
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.beginPath();
  ctx.rect(x0, y0, x1 - x0, y1 - y0);
  ctx.clip();
  drawMaze8(ctx, maze, [x0, y0, x1, y1]);
  ctx.restore();
}

/** Draw the cells and passages of `maze` inside the world box [x0, y0, x1, y1] (the context maps world units). */
/** @param {CanvasRenderingContext2D} ctx @param {Maze} maze @param {readonly number[]} box */
export function drawMaze8(ctx, maze, [x0, y0, x1, y1]) {
  const { rows, cols } = maze;
  const W = 2 * cols + 1;
  const H = 2 * rows + 1;
  // Cells whose square or passages reach into the box: one more all round for the passages.
  const c0 = Math.max(0, Math.floor((x0 - 1) / 2) - 1);
  const c1 = Math.min(cols - 1, Math.ceil((x1 - 1) / 2) + 1);
  const r0 = Math.max(0, Math.floor((y0 - 1) / 2) - 1);
  const r1 = Math.min(rows - 1, Math.ceil((y1 - 1) / 2) + 1);
  const [left, top] = [Math.max(0, x0), Math.max(0, y0)];
  const [width, height] = [Math.min(W, x1) - left, Math.min(H, y1) - top];
  if (width <= 0 || height <= 0 || c0 > c1 || r0 > r1) return; // nothing of the maze in view
  ctx.save();
  ctx.fillStyle = WALL;
  ctx.fillRect(left, top, width, height);
  ctx.lineCap = 'butt';
  const diagonals = new Path2D();
  const crossing = new Path2D(); // the upper strokes of crossings
  const straight = new Path2D();
  const cells = new Path2D();
  /** @param {Path2D} path @param {number} x @param {number} y @param {number} dx @param {number} dy */
  const segment = (path, x, y, dx, dy) => {
    path.moveTo(x, y);
    path.lineTo(x + dx, y + dy);
  };
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const i = r * cols + c;
      const x = 2 * c + 1.5;
      const y = 2 * r + 1.5;
      if (maze.southeast[i]) segment(diagonals, x, y, 2, 2);
      if (maze.southwest[i]) {
        segment(diagonals, x, y, -2, 2);
        if (c > 0 && maze.southeast[i - 1]) segment(crossing, x, y, -2, 2);
      }
      if (maze.east[i]) segment(straight, x, y, 2, 0);
      if (maze.south[i]) segment(straight, x, y, 0, 2);
      if (cells.roundRect) cells.roundRect(2 * c + 1, 2 * r + 1, 1, 1, CORNER);
      else cells.rect(2 * c + 1, 2 * r + 1, 1, 1);
    }
  }
  stroke(ctx, diagonals, PASSAGE, PASSAGE_WIDTH);
  stroke(ctx, crossing, WALL, PASSAGE_WIDTH + 2 * GAP);
  stroke(ctx, crossing, PASSAGE, PASSAGE_WIDTH);
  stroke(ctx, straight, PASSAGE, PASSAGE_WIDTH);
  ctx.fillStyle = PASSAGE;
  ctx.fill(cells);
  door(ctx, maze, maze.entrance, ENTRANCE, ['top', 'left', 'bottom', 'right']); // as render.js: in at the top left,
  door(ctx, maze, maze.exit, EXIT, ['bottom', 'right', 'top', 'left']); // out at the bottom right
  ctx.restore();
}

/** @param {CanvasRenderingContext2D} ctx @param {Path2D} path @param {string} colour @param {number} width */
function stroke(ctx, path, colour, width) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke(path);
}

/**
 * The entrance or exit: its cell tinted and a door in the outer wall beside it (drawn only: the wall stays closed).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Maze} maze
 * @param {readonly number[]} cell
 * @param {Rgb} colour
 * @param {('top' | 'left' | 'bottom' | 'right')[]} order
 */
function door(ctx, maze, [r, c], colour, order) {
  const x = 2 * c + 1;
  const y = 2 * r + 1;
  ctx.fillStyle = tint(colour);
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, 1, 1, CORNER);
  else ctx.rect(x, y, 1, 1);
  ctx.fill();
  /** @type {Record<string, [boolean, number, number]>} */
  const sides = {
    top: [r === 0, x, 0],
    left: [c === 0, 0, y],
    bottom: [r === maze.rows - 1, x, 2 * maze.rows],
    right: [c === maze.cols - 1, 2 * maze.cols, y],
  };
  const side = order.map((name) => sides[name]).find(([on]) => on);
  if (!side) return;
  ctx.fillStyle = rgb(colour);
  ctx.fillRect(side[1], side[2], 1, 1);
}
