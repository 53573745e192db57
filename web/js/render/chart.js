// The race chart: each player's progress (1 - distance / shortest) over race time, from the moved
// events this client saw. Draws on a canvas; knows nothing of the socket or the room.
import { safeColour } from '../common/ui.js';
import { formatNumber, t } from '../common/i18n.js';

/**
 * A chart's canvas made sharp at the screen's pixel ratio and cleared: its 2D context in CSS pixels, its
 * CSS size (`fallback` [w, h] while it has no layout) and the plot's size inside the padding `pad`.
 * @param {HTMLCanvasElement} canvas
 * @param {[number, number]} fallback
 * @param {{l: number, r: number, t: number, b: number}} pad
 */
export function chartCanvas(canvas, [fallbackW, fallbackH], pad) {
  const dpr = window.devicePixelRatio || 1;
  const cssW = canvas.clientWidth || fallbackW;
  const cssH = canvas.clientHeight || fallbackH;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, cssW, cssH);
  return { ctx, cssW, cssH, w: cssW - pad.l - pad.r, h: cssH - pad.t - pad.b };
}

/**
 * One racer's line: their points [race ms, steps left to the exit], and once they finished `finish` (their
 * race time) and `penalty` (what hints added, ms): the chart marks the hints as a segment at the exit
 * from the race time on to the total, so the line's end reads as the results' time does.
 * @typedef {{id?: string, name: string, colour?: string, points: [number, number][], finish?: number | null, penalty?: number}} Series
 */

/**
 * Each racer's progress over race time; `shortest`: steps from the entrance. The canvas's
 * `data-ends` says where each line ends: [{id, finish, total}] in ms (for tests and tools).
 * @param {HTMLCanvasElement} canvas
 * @param {Series[]} series
 * @param {number | null} shortest
 */
export function drawChart(canvas, series, shortest) {
  const pad = { l: 40, r: 12, t: 18, b: 26 };
  const { ctx, cssW, cssH, w, h } = chartCanvas(canvas, [480, 220], pad);
  const total = (/** @type {Series} */ s) => (s.finish == null ? null : s.finish + (s.penalty ?? 0));
  const end = Math.max(1000, ...series.flatMap((s) => [...s.points.map((p) => p[0]), total(s) ?? 0]));
  const x = (/** @type {number} */ t) => pad.l + (t / end) * w;
  const progress = (/** @type {number} */ d) => (shortest != null && shortest > 0 ? Math.min(1, Math.max(0, 1 - d / shortest)) : 0);
  const y = (/** @type {number} */ d) => pad.t + (1 - progress(d)) * h;
  const style = getComputedStyle(canvas);
  const ink = style.color || '#222';

  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = ink;
  ctx.strokeStyle = 'rgb(128 128 128 / 0.4)';
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  for (const f of [0, 0.5, 1]) {
    const yy = pad.t + (1 - f) * h;
    ctx.beginPath();
    ctx.moveTo(pad.l, yy);
    ctx.lineTo(pad.l + w, yy);
    ctx.stroke();
    ctx.fillText(formatNumber(f, { style: 'percent' }), pad.l - 4, yy + 4);
  }
  ctx.textAlign = 'center';
  const step = niceStep(end / 5);
  for (let at = 0; at <= end; at += step) ctx.fillText(t('analysis.chart_seconds', { seconds: Math.round(at / 1000) }), x(at), cssH - 8);

  ctx.lineJoin = 'round';
  series.forEach((s, i) => {
    if (!s.points.length) return;
    ctx.strokeStyle = safeColour(s.colour);
    ctx.lineWidth = 2;
    ctx.setLineDash(i % 3 === 1 ? [6, 3] : i % 3 === 2 ? [2, 3] : []); // not by colour alone
    ctx.beginPath();
    s.points.forEach(([t, d], k) => (k ? ctx.lineTo(x(t), y(d)) : ctx.moveTo(x(t), y(d))));
    ctx.stroke();
    ctx.setLineDash([]);
    let [t, d] = s.points[s.points.length - 1];
    const sum = total(s);
    if (s.finish != null && sum != null && sum > s.finish) {
      // The hints: a thin bar at the exit's height from the race time to the total, ticked at both ends.
      const y0 = y(0);
      ctx.lineWidth = 4;
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      ctx.moveTo(x(s.finish), y0);
      ctx.lineTo(x(sum), y0);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (const at of [s.finish, sum]) {
        ctx.moveTo(x(at), y0 - 5);
        ctx.lineTo(x(at), y0 + 5);
      }
      ctx.stroke();
      [t, d] = [sum, 0];
    }
    ctx.fillStyle = ink;
    ctx.textAlign = 'left';
    ctx.fillText(s.name, Math.min(x(t) + 4, cssW - 60), y(d) - 3);
  });
  canvas.dataset.ends = JSON.stringify(series.map((s) => ({ id: s.id ?? s.name, finish: s.finish ?? null, total: total(s) })));
}

/** @param {number} raw */
function niceStep(raw) {
  const steps = [1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000];
  return steps.find((s) => s >= raw) || 600000;
}
