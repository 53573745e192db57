// Drawing without a pointer: with the maze focused, the arrow keys (or WASD) move a cursor from cell to
// cell; with Shift they carve or build (the tool chosen) between the cell left and the cell entered;
// Enter or Space puts the entrance or the exit at the cursor (those tools), or, with a region tool,
// marks one corner and then the other. So every tool works from the keyboard alone.
import { keyDirection } from '../input/input.js';
import { inBounds, step } from '../model/maze.js';

/** @typedef {import('./editor-model.js').EditorModel} EditorModel */
/** @typedef {import('./editor-pointer.js').Tool} Tool */
/** @typedef {[number, number]} Cell */

/**
 * Bind the keys of the focused canvas.
 * @param {HTMLCanvasElement} canvas
 * @param {EditorModel} model
 * @param {{tool(): Tool, locked(): boolean, edited(): void, cursor(cell: Cell | null): void, region(cells: [Cell, Cell] | null): void}} on
 */
export function attachKeys(canvas, model, on) {
  /** @type {Cell | null} */
  let cursor = null;
  /** @type {Cell | null} a region's first corner */
  let corner = null;
  canvas.addEventListener('keydown', (event) => {
    if (on.locked() || event.ctrlKey || event.metaKey || event.altKey) return;
    const { maze } = model;
    const here = cursor && inBounds(maze, cursor) ? cursor : /** @type {Cell} */ ([...maze.entrance]);
    const tool = on.tool();
    const dir = keyDirection(event, maze.directions);
    if (dir) {
      event.preventDefault();
      const next = /** @type {Cell} */ (step(here, dir));
      if (!inBounds(maze, next)) return;
      if (event.shiftKey && (tool === 'carve' || tool === 'build') && model.setPassage(here, next, tool === 'carve')) on.edited();
      cursor = next;
      if (corner) on.region([corner, cursor]);
      on.cursor(cursor);
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (tool === 'entrance' || tool === 'exit') {
      if (model.moveOpening(tool, here)) on.edited();
    } else if (tool === 'open-region' || tool === 'wall-region') {
      if (!corner) {
        corner = here;
        on.region([here, here]);
      } else {
        on.region(null);
        if (model.fillRegion(corner, here, tool === 'open-region')) on.edited();
        corner = null;
      }
    }
    cursor = here;
    on.cursor(cursor);
  });
  canvas.addEventListener('blur', () => {
    corner = null;
    on.region(null);
    on.cursor(null);
  });
}
