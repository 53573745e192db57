// The analysis chart: for each stretch between checkpoints along the way, a bar of the picked racer's
// time beside a bar of the winner's, so the stretch where they lost most stands out. Canvas, no library.
import { chartCanvas } from './chart.js';
import { safeColour } from '../common/ui.js';
import { formatNumber, t } from '../common/i18n.js';

const WINNER = '#9aa0a6';

/**
 * segments: [{index, theirs, winners, loss, reached}]; the biggest loss is outlined.
 * @param {HTMLCanvasElement} canvas
 * @param {import('../model/wire-types.js').Segment[]} segments
 * @param {string} colour
 * @param {{index: number} | null | undefined} biggest
 */
export function drawSegments(canvas, segments, colour, biggest) {
  const pad = { l: 36, r: 8, t: 10, b: 22 };
  const { ctx, cssH, w, h } = chartCanvas(canvas, [360, 160], pad);
  const top = Math.max(1000, ...segments.flatMap((s) => [s.theirs || 0, s.winners || 0]));
  const y = (/** @type {number} */ ms) => pad.t + h - (ms / top) * h;
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#555';
  ctx.strokeStyle = '#ddd';
  ctx.textAlign = 'right';
  for (const f of [0, 0.5, 1]) {
    ctx.beginPath();
    ctx.moveTo(pad.l, y(top * f));
    ctx.lineTo(pad.l + w, y(top * f));
    ctx.stroke();
    const digits = top < 10000 ? 1 : 0;
    const seconds = formatNumber((top * f) / 1000, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    ctx.fillText(t('analysis.chart_seconds', { seconds }), pad.l - 4, y(top * f) + 4);
  }
  const slot = w / Math.max(1, segments.length);
  const bar = Math.max(2, Math.min(18, slot / 2.6));
  ctx.textAlign = 'center';
  segments.forEach((s, k) => {
    const x = pad.l + slot * k + slot / 2;
    ctx.fillStyle = safeColour(colour);
    ctx.fillRect(x - bar, y(s.theirs || 0), bar, y(0) - y(s.theirs || 0));
    if (!s.reached) {
      ctx.setLineDash([3, 2]); // never reached: a lower bound
      ctx.strokeStyle = '#000';
      ctx.strokeRect(x - bar, y(s.theirs || 0), bar, y(0) - y(s.theirs || 0));
      ctx.setLineDash([]);
    }
    if (s.winners != null) {
      ctx.fillStyle = WINNER;
      ctx.fillRect(x, y(s.winners), bar, y(0) - y(s.winners));
    }
    if (biggest && s.index === biggest.index) {
      ctx.strokeStyle = '#c62828';
      ctx.lineWidth = 2;
      ctx.strokeRect(x - bar - 2, pad.t - 2, 2 * bar + 4, h + 4);
      ctx.lineWidth = 1;
    }
    ctx.fillStyle = '#555';
    ctx.fillText(formatNumber(s.index), x, cssH - 6);
  });
}

export const WINNER_COLOUR = WINNER;
