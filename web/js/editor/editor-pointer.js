// What pointers do on the editor's canvas: with the mouse, a pen or one finger the chosen tool draws
// (a drag across cells carves the way it passes, or builds walls along it; a click on a wall turns it;
// the entrance and exit tools put the opening on the border cell pointed at; the region tools choose a
// rectangle between where the drag starts and ends). Two fingers pinch to zoom and pan; the wheel zooms
// and the middle or right mouse button pans. A stroke is one step of the history, however long.
import { cellsBetween } from './maze-shapes.js';

/** @typedef {import('./editor-model.js').EditorModel} EditorModel */
/** @typedef {import('./editor-view.js').EditorView} EditorView */
/** @typedef {'carve' | 'build' | 'entrance' | 'exit' | 'open-region' | 'wall-region'} Tool */
/** @typedef {[number, number]} Cell */

const WHEEL_STEP = 1.15;

/**
 * Bind the canvas's pointers to the model and the view.
 * @param {HTMLCanvasElement} canvas
 * @param {EditorModel} model
 * @param {EditorView} view
 * @param {{tool(): Tool, locked(): boolean, edited(): void, moved(): void, region(cells: [Cell, Cell] | null): void}} on
 */
export function attachPointer(canvas, model, view, on) {
  /** @type {Map<number, {x: number, y: number}>} */
  const pointers = new Map();
  /** @type {{kind: 'draw' | 'pan' | 'pinch' | 'none', last: Cell | null, start: Cell | null, wall: [Cell, Cell] | null, moved: boolean, spread: number, mid: number[]}} */
  let gesture = { kind: 'none', last: null, start: null, wall: null, moved: false, spread: 0, mid: [0, 0] };

  const pinchState = () => {
    const [a, b] = [...pointers.values()];
    const mid = view.local((a.x + b.x) / 2, (a.y + b.y) / 2);
    return { spread: Math.hypot(a.x - b.x, a.y - b.y), mid };
  };

  /** The tool acts on the cell a pointer is at (or moved to). @param {PointerEvent} event @param {boolean} first */
  const act = (event, first) => {
    const tool = on.tool();
    const { cell, onCell, wall } = view.pick(model.maze, event.clientX, event.clientY);
    const drawing = tool === 'carve' || tool === 'build';
    if (!first && drawing && !onCell) return; // crossing a wall or a corner: the next cell decides the step
    if (first) {
      gesture.start = cell;
      gesture.wall = wall;
      model.beginStroke(); // whatever the tool, one drag is one step of the history
    }
    if (tool === 'entrance' || tool === 'exit') {
      if (model.moveOpening(tool, cell)) on.edited();
    } else if (tool === 'open-region' || tool === 'wall-region') {
      on.region([/** @type {Cell} */ (gesture.start), cell]);
    } else if (gesture.last && (gesture.last[0] !== cell[0] || gesture.last[1] !== cell[1])) {
      let at = gesture.last;
      let changed = false;
      for (const next of cellsBetween(at, cell, model.maze.directions)) {
        changed = model.setPassage(at, next, tool === 'carve') || changed;
        at = next;
      }
      gesture.moved = true;
      if (changed) on.edited();
    }
    gesture.last = cell;
  };

  /** The gesture's end: a click on a wall turns it, a region is filled, the stroke closes; the page
   * hears of it once the stroke is a step in the history (every edit of a drag goes into its stroke),
   * so Undo and Redo show what is there. */
  const finish = () => {
    const tool = on.tool();
    if (gesture.kind === 'draw') {
      if ((tool === 'carve' || tool === 'build') && !gesture.moved && gesture.wall) {
        const [a, b] = gesture.wall;
        model.setPassage(a, b, !model.isOpen(a, b));
      }
      if ((tool === 'open-region' || tool === 'wall-region') && gesture.start && gesture.last) {
        on.region(null);
        model.fillRegion(gesture.start, gesture.last, tool === 'open-region');
      }
      if (model.endStroke()) on.edited();
    }
    gesture = { kind: 'none', last: null, start: null, wall: null, moved: false, spread: 0, mid: [0, 0] };
  };

  canvas.addEventListener('pointerdown', (event) => {
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture?.(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      if (gesture.kind === 'draw') {
        on.region(null);
        if (model.endStroke()) on.edited(); // a second finger turns the drawing into a pinch
      }
      gesture = { ...gesture, kind: 'pinch', ...pinchState() };
      return;
    }
    if (pointers.size > 2) return;
    if (event.button === 1 || event.button === 2) {
      gesture = { ...gesture, kind: 'pan', mid: [event.clientX, event.clientY] };
      return;
    }
    if (event.button !== 0 || on.locked()) return;
    gesture.kind = 'draw';
    gesture.last = null;
    act(event, true);
  });

  canvas.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (gesture.kind === 'pinch' && pointers.size === 2) {
      const { spread, mid } = pinchState();
      view.panBy(mid[0] - gesture.mid[0], mid[1] - gesture.mid[1]);
      if (gesture.spread > 0 && spread > 0) view.zoomAt(spread / gesture.spread, mid[0], mid[1]);
      gesture.spread = spread;
      gesture.mid = mid;
      on.moved();
    } else if (gesture.kind === 'pan') {
      view.panBy(event.clientX - gesture.mid[0], event.clientY - gesture.mid[1]);
      gesture.mid = [event.clientX, event.clientY];
      on.moved();
    } else if (gesture.kind === 'draw') {
      for (const e of event.getCoalescedEvents?.() ?? [event]) act(e, false);
    }
  });

  /** @param {PointerEvent} event */
  const up = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (gesture.kind === 'pinch') {
      if (pointers.size === 0) finish();
      return; // the finger left on the glass does not start drawing
    }
    finish();
  };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const [x, y] = view.local(event.clientX, event.clientY);
      view.zoomAt(event.deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, x, y);
      on.moved();
    },
    { passive: false },
  );
}
