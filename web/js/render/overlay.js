// The overlay over the maze: hint paths (held, then faded) and the players' arrows with their labels.
// Its own module because it is what changes every frame (positions, fades), drawn straight onto the
// canvas with nothing cached, unlike the maze layer (maze-layer.js) and the trails (trail-draw.js).
import { playerNumber, safeColour } from '../common/ui.js';
import { centre } from './world.js';

const HINT_HOLD = 2500; // ms a hint path stays fully visible
const HINT_FADE = 1500; // ... then fades out over this
const Q = Math.PI / 4;
/** @typedef {import('./room-scene.js').Scene} Scene */

/** @type {Record<string, number>} */
const ANGLE = { right: 0, 'down-right': Q, down: 2 * Q, 'down-left': 3 * Q, left: 4 * Q, 'up-left': -3 * Q, up: -2 * Q, 'up-right': -Q };

/**
 * The scene's hints at local time `now`; the hint of a search still playing (search-draw.js) waits
 * for it to end. Returns whether any hint is still showing or waiting (another frame is needed).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Pick<Scene, 'hints'>} scene
 * @param {{id: string, end: number} | null} search
 * @param {number} now
 * @param {number} unitCss
 * @param {boolean} reducedMotion
 */
export function drawHints(ctx, scene, search, now, unitCss, reducedMotion) {
  let animating = false;
  for (const hint of scene.hints) {
    let at = /** @type {number} */ (hint.at); // the room state stamps each hint it keeps
    if (search && hint.id === search.id) {
      at = Math.max(at, search.end);
      if (now < at) {
        animating = true;
        continue;
      }
    }
    const age = now - at;
    if (age > HINT_HOLD + HINT_FADE) continue;
    animating = true;
    const alpha = age < HINT_HOLD ? 1 : 1 - (age - HINT_HOLD) / HINT_FADE;
    const colour = safeColour(hint.colour);
    ctx.globalAlpha = alpha;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    const pulse = reducedMotion || age >= HINT_HOLD ? 1 : 1 + 0.3 * Math.sin((age / 400) * Math.PI) ** 2;
    const width = Math.max(0.3, 3 / unitCss) * pulse;
    if (hint.found && hint.path?.length) {
      line(ctx, hint.path, width * 1.8, '#000');
      line(ctx, hint.path, width, colour);
    } else if (hint.explore_path?.length) {
      // a fog race with no known way out: the way to the nearest unexplored cell, and a ring on it
      ctx.setLineDash([0.9, 0.45]);
      line(ctx, hint.explore_path, width * 1.8, '#fff');
      line(ctx, hint.explore_path, width, colour);
      ctx.setLineDash([]);
      const [x, y] = centre(hint.explore ?? hint.explore_path[hint.explore_path.length - 1]); // the unseen cell, past a cut way
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.arc(x, y, Math.max(0.9, 8 / unitCss), 0, 2 * Math.PI);
      ctx.stroke();
    } else if (hint.back_path?.length) {
      ctx.setLineDash([0.4, 0.5]);
      line(ctx, hint.back_path, width * 1.8, '#000');
      line(ctx, hint.back_path, width, colour);
      ctx.setLineDash([]);
    }
    if (!hint.found && hint.back_to) {
      const [x, y] = centre(hint.back_to);
      ctx.strokeStyle = '#000';
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.arc(x, y, Math.max(0.9, 8 / unitCss), 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
  return animating;
}

/**
 * The arrows, the own one last (on top) and ringed; players sharing a cell fan out around it. Each is
 * labelled with the player's number, the one in their swatch in every list (their colour's slot; the
 * scene's label for a colour outside the palette), so players differ by more than colour.
 */
/** @param {CanvasRenderingContext2D} ctx @param {Pick<Scene, 'players' | 'youId'>} scene @param {number} unitCss @param {number} px */
export function drawPlayers(ctx, scene, unitCss, px) {
  const size = Math.max(0.75, 9 / unitCss); // half-length of an arrow, world units
  /** @type {Map<number, import('./room-scene.js').ScenePlayer[]>} */
  const byCell = new Map();
  for (const p of scene.players) {
    if (!p.cell) continue;
    const key = p.cell[0] * 100000 + p.cell[1];
    (byCell.get(key) || /** @type {import('./room-scene.js').ScenePlayer[]} */ (byCell.set(key, []).get(key))).push(p);
  }
  const ordered = [...scene.players].sort((a, b) => Number(a.id === scene.youId) - Number(b.id === scene.youId));
  for (const p of ordered) {
    if (!p.cell) continue;
    const group = /** @type {import('./room-scene.js').ScenePlayer[]} */ (byCell.get(p.cell[0] * 100000 + p.cell[1]));
    let [x, y] = centre(p.cell);
    if (group.length > 1) {
      const i = group.indexOf(p);
      const a = (2 * Math.PI * i) / group.length;
      x += Math.cos(a) * size * 0.6;
      y += Math.sin(a) * size * 0.6;
    }
    const own = p.id === scene.youId;
    ctx.save();
    ctx.translate(x, y);
    if (own) {
      ctx.fillStyle = 'rgba(255,255,255,.85)';
      ctx.beginPath();
      ctx.arc(0, 0, size * 1.35, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 2 * px;
      ctx.stroke();
    }
    ctx.globalAlpha = p.connected === false ? 0.4 : 1;
    ctx.rotate(ANGLE[p.facing ?? ''] ?? 0);
    ctx.beginPath();
    ctx.moveTo(size, 0);
    ctx.lineTo(-size * 0.8, -size * 0.8);
    ctx.lineTo(-size * 0.4, 0);
    ctx.lineTo(-size * 0.8, size * 0.8);
    ctx.closePath();
    ctx.fillStyle = safeColour(p.colour);
    ctx.fill();
    ctx.lineWidth = (own ? 2.5 : 1.5) / unitCss;
    ctx.strokeStyle = '#000';
    ctx.stroke();
    ctx.rotate(-(ANGLE[p.facing ?? ''] ?? 0));
    const label = String(playerNumber(p.colour) ?? p.label ?? '');
    if (label && size * unitCss >= 9) {
      ctx.font = `700 ${size * 0.9}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = 3 / unitCss;
      ctx.strokeStyle = '#fff';
      ctx.strokeText(label, 0, -size * 1.45);
      ctx.fillStyle = '#000';
      ctx.fillText(label, 0, -size * 1.45);
    }
    ctx.restore();
  }
}

/** @param {CanvasRenderingContext2D} ctx @param {readonly (readonly number[])[]} cells @param {number} width @param {string} colour */
function line(ctx, cells, width, colour) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  cells.forEach((cell, i) => {
    const [x, y] = centre(cell);
    if (i) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  });
  ctx.stroke();
}
