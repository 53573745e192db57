// Drawing ghosts on the race canvas (render.js calls it each frame): a translucent disc in the stored
// player's colour with a dashed outline, and the ghost's name above it once the view is big enough.
// World units as render.js: cell (r, c) is centred at (2c + 1.5, 2r + 1.5).
import { safeColour } from '../common/ui.js';

const ALPHA = 0.45;

/**
 * Draw `ghosts` ({name, colour, cell}, cell null when unknown) in world units on a transformed ctx.
 * @param {CanvasRenderingContext2D} ctx
 * @param {readonly {name: string, colour?: string, cell: readonly number[] | null}[]} ghosts
 * @param {number} unitCss CSS px a world unit
 */
export function drawGhosts(ctx, ghosts, unitCss) {
  const radius = Math.max(0.6, 8 / unitCss);
  for (const g of ghosts) {
    if (!g.cell) continue;
    const x = 2 * g.cell[1] + 1.5;
    const y = 2 * g.cell[0] + 1.5;
    ctx.save();
    ctx.globalAlpha = ALPHA;
    ctx.fillStyle = safeColour(g.colour);
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.fill();
    ctx.globalAlpha = 0.8;
    ctx.setLineDash([radius / 2, radius / 3]);
    ctx.lineWidth = 1.5 / unitCss;
    ctx.strokeStyle = '#000';
    ctx.stroke();
    ctx.setLineDash([]);
    if (radius * unitCss >= 7) {
      ctx.globalAlpha = 0.85;
      ctx.font = `600 ${Math.max(radius * 0.9, 11 / unitCss)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.lineWidth = 3 / unitCss;
      ctx.strokeStyle = '#fff';
      ctx.strokeText(g.name, x, y - radius * 1.2); // canvas text: never markup
      ctx.fillStyle = '#000';
      ctx.fillText(g.name, x, y - radius * 1.2);
    }
    ctx.restore();
  }
}
