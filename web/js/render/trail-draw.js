// Trails on the canvas: trail dots (·) on every cell and every passage between two trail
// cells. Its own module because long trails of many racers would be dear to build every frame: they are
// built once into cached Path2D chunks, and only this file knows when a chunk can be reused.
import { safeColour } from '../common/ui.js';
import { centre } from './world.js';

/**
 * The trails the scene shows; `view` is the visible world box [x0, y0, x1, y1], world units.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Pick<import('./room-scene.js').Scene, 'players' | 'youId' | 'trails' | 'seer'>} scene
 * @param {number} unitCss
 * @param {readonly number[]} view
 */
export function drawTrails(ctx, scene, unitCss, view) {
  const size = Math.max(0.28, 2.5 / unitCss);
  for (const p of scene.players) {
    const own = p.id === scene.youId;
    // 'own' while racing, 'all' watching, 'seer' watching through one racer's eyes (theirs only)
    const shown = scene.trails === 'seer' ? p.id === scene.seer : own || scene.trails === 'all';
    if (!p.trail || p.trail.length < 2 || !shown) continue;
    ctx.fillStyle = safeColour(p.colour);
    ctx.strokeStyle = 'rgba(0,0,0,.6)';
    ctx.lineWidth = 1 / unitCss;
    const s = own ? size * 1.3 : size;
    for (const chunk of trailChunks(p.trail, s, p.id)) {
      if (chunk.x1 < view[0] || chunk.x0 > view[2] || chunk.y1 < view[1] || chunk.y0 > view[3]) continue;
      if (s > 0.6) {
        // Zoomed out the dots would touch anyway: one stroked line is the same picture, and cheaper.
        ctx.lineWidth = s;
        ctx.strokeStyle = ctx.fillStyle;
        ctx.stroke(chunk.line);
        continue;
      }
      ctx.fill(chunk.path);
      if (own && unitCss >= 8) ctx.stroke(chunk.path); // an outline keeps light colours visible
    }
  }
}

// Trail dots (·) on every cell and every passage between two trail cells, as Path2D
// chunks with bounding boxes (so a zoomed view draws only what it shows), kept per trail array: trails
// are replaced, never changed in place. A new trail keeps most of the one before (a move appends a cell
// or cuts back to one), so the chunks its player's last trail had in common with it are reused and
// only the rest is built again: a 1000-cell trail costs a chunk a move, not eight (make bench ARGS=feel).
/** @typedef {readonly (readonly number[])[]} Trail */
/** Part of a trail: its dots, its line and their box. @typedef {{path: Path2D, line: Path2D, x0: number, y0: number, x1: number, y1: number}} Chunk */
/** @typedef {{trail: Trail, size: number, chunks: Chunk[]}} Built */

const CHUNK = 128;
/** @type {WeakMap<Trail, Built>} */
const trailCache = new WeakMap();
/** @type {Map<string, Built>} */
const lastTrails = new Map(); // player id -> the last {trail, size, chunks} built for them
/** @param {Trail} trail @param {number} size @param {string} id @returns {Chunk[]} */
function trailChunks(trail, size, id) {
  const hit = trailCache.get(trail);
  if (hit && hit.size === size) return hit.chunks;
  const before = lastTrails.get(id);
  const chunks = before && before.size === size ? before.chunks.slice(0, sharedChunks(before.trail, trail)) : [];
  const h = size / 2;
  for (let start = chunks.length * CHUNK; start < trail.length; start += CHUNK) {
    const path = new Path2D();
    const line = new Path2D();
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    /** @type {[number, number] | null} */
    let prev = start ? centre(trail[start - 1]) : null;
    if (prev) line.moveTo(prev[0], prev[1]);
    for (let i = start; i < Math.min(trail.length, start + CHUNK); i++) {
      const [x, y] = centre(trail[i]);
      path.rect(x - h, y - h, size, size);
      if (prev) path.rect((x + prev[0]) / 2 - h, (y + prev[1]) / 2 - h, size, size);
      line.lineTo(x, y);
      prev = [x, y];
      x0 = Math.min(x0, x - 1);
      y0 = Math.min(y0, y - 1);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
    chunks.push({ path, line, x0, y0, x1, y1 });
  }
  const entry = { trail, size, chunks };
  trailCache.set(trail, entry);
  if (id != null) lastTrails.set(id, entry);
  return chunks;
}

/** How many whole chunks trails a and b have cell for cell in common from the start. */
/** @param {Trail} a @param {Trail} b */
function sharedChunks(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i][0] === b[i][0] && a[i][1] === b[i][1]) i++;
  return Math.floor(i / CHUNK);
}
