// The race chart: each player's progress (1 - distance / shortest) over race time, from the moved
// events this client saw. Draws on a canvas; knows nothing of the socket or the room.
import { safeColour } from '../common/ui.js';

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
 * series: [{name, colour, points: [[ms, distance], ...]}]; shortest: steps from the entrance.
 * @param {HTMLCanvasElement} canvas
 * @param {{name: string, colour?: string, points: [number, number][]}[]} series
 * @param {number | null} shortest
 */
export function drawChart(canvas, series, shortest) {
  const pad = { l: 40, r: 12, t: 18, b: 26 };
  const { ctx, cssW, cssH, w, h } = chartCanvas(canvas, [480, 220], pad);
  const end = Math.max(1000, ...series.flatMap((s) => s.points.map((p) => p[0])));
  const x = (/** @type {number} */ t) => pad.l + (t / end) * w;
  const progress = (/** @type {number} */ d) => (shortest != null && shortest > 0 ? Math.min(1, Math.max(0, 1 - d / shortest)) : 0);
  const y = (/** @type {number} */ d) => pad.t + (1 - progress(d)) * h;

  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#555';
  ctx.strokeStyle = '#ccc';
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  for (const f of [0, 0.5, 1]) {
    const yy = pad.t + (1 - f) * h;
    ctx.beginPath();
    ctx.moveTo(pad.l, yy);
    ctx.lineTo(pad.l + w, yy);
    ctx.stroke();
    ctx.fillText(`${f * 100}%`, pad.l - 4, yy + 4);
  }
  ctx.textAlign = 'center';
  const step = niceStep(end / 5);
  for (let t = 0; t <= end; t += step) ctx.fillText(`${Math.round(t / 1000)}s`, x(t), cssH - 8);

  ctx.lineJoin = 'round';
  series.forEach((s, i) => {
    if (!s.points.length) return;
    ctx.strokeStyle = safeColour(s.colour);
    ctx.lineWidth = 2;
    ctx.setLineDash(i % 3 === 1 ? [6, 3] : i % 3 === 2 ? [2, 3] : []); // not by colour alone
    ctx.beginPath();
    s.points.forEach(([t, d], k) => (k ? ctx.lineTo(x(t), y(d)) : ctx.moveTo(x(t), y(d))));
    ctx.stroke();
    const [t, d] = s.points[s.points.length - 1];
    ctx.setLineDash([]);
    ctx.fillStyle = '#222';
    ctx.textAlign = 'left';
    ctx.fillText(s.name, Math.min(x(t) + 4, cssW - 60), y(d) - 3);
  });
}

/** @param {number} raw */
function niceStep(raw) {
  const steps = [1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000];
  return steps.find((s) => s >= raw) || 600000;
}
