// A whole maze as one still picture, fitted to the width its canvas has (and to a height cap), with the
// shortest way drawn over it on request: the published maze's page (pages/maze.js) shows it so. No
// camera and no frame loop, unlike the race's renderer (render.js): nothing on it moves, so it is drawn
// once, and again when the way is toggled or the canvas's box changes size. The maze itself is painted
// offscreen as the race paints it (maze-layer.js, maze8.js), so a published maze looks as it races.
import { paintMaze } from './maze-layer.js';
import { paintMaze8, showPicture } from './maze8.js';
import { centre } from './world.js';

const WAY = '#1f5fbf'; // the design system's accent: the shortest way

/** @typedef {import('../model/maze.js').Maze} Maze */
/** @typedef {import('../model/wire-types.js').Cell} Cell */

/**
 * CSS px a world unit for a maze of `cols` x `rows` cells in a box `width` wide and at most `height`
 * high: as big as fits both, and for block walls (`crisp`) whole device pixels when that is at least 2,
 * so every wall is as thick as the next (an 8-direction picture is scaled smoothly anyway).
 * @param {number} cols @param {number} rows @param {number} width @param {number} height @param {number} [dpr] @param {boolean} [crisp]
 */
export function fittedUnit(cols, rows, width, height, dpr = 1, crisp = true) {
  const device = Math.min(width / (2 * cols + 1), height / (2 * rows + 1)) * dpr;
  return (crisp && device >= 2 ? Math.floor(device) : Math.max(device, 0.1)) / dpr;
}

export class MazePicture {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    /** @type {Maze | null} */
    this.maze = null;
    /** @type {import('./maze8.js').MazePicture | null} */
    this.image = null;
    /** @type {Cell[] | null} */
    this.way = null;
    this.unit = 0; // CSS px a world unit, as last drawn
    const redraw = () => this.draw();
    if (window.ResizeObserver && canvas.parentElement) new ResizeObserver(redraw).observe(canvas.parentElement);
    window.addEventListener('resize', redraw);
  }

  /** @param {Maze} maze */
  setMaze(maze) {
    this.maze = maze;
    this.image = maze.directions === 8 ? paintMaze8(maze) : paintMaze(maze);
    this.draw();
  }

  /** The way to draw over the maze, or null for none. @param {Cell[] | null} way */
  showWay(way) {
    this.way = way;
    this.draw();
  }

  draw() {
    const { canvas, maze, image } = this;
    if (!maze || !image) return;
    const W = 2 * maze.cols + 1;
    const H = 2 * maze.rows + 1;
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.parentElement?.clientWidth || 320;
    const height = Math.max(200, window.innerHeight * 0.75);
    const unit = fittedUnit(maze.cols, maze.rows, width, height, dpr, maze.directions !== 8);
    this.unit = unit;
    const ctx = showPicture(canvas, image, unit, W, H);
    if (this.way && this.way.length > 1) {
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = WAY;
      ctx.lineWidth = Math.max(0.5, 3 / unit);
      ctx.globalAlpha = 0.85;
      ctx.beginPath();
      this.way.forEach((cell, k) => (k ? ctx.lineTo(...centre(cell)) : ctx.moveTo(...centre(cell))));
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    canvas.dataset.wayCells = String(this.way?.length ?? 0);
  }
}
