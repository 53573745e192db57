// The results' race chart: each racer's progress over race time, ending at their race time with their
// hints marked on to the total (chart.js draws it). The points are the distances the page was told
// during the race; a fog racer is never told any (a distance to the exit would give the maze away), so
// once the race explained has loaded, a racer with no points of their own gets theirs from it: the
// server's log has every move of every racer.
import { drawChart } from './chart.js';
import { progressPoints } from '../model/analysis.js';

/** @type {WeakMap<HTMLCanvasElement, import('../model/analysis.js').Analysis>} */
const analyses = new WeakMap();

/**
 * Draw the race chart of `results`; `analysis` (once loaded) is kept for the canvas's later draws.
 * @param {HTMLCanvasElement} canvas
 * @param {readonly import('../model/wire-types.js').ResultRow[]} results
 * @param {Record<string, [number, number][]>} history the points the page saw, by player id
 * @param {number | null} shortest steps of the shortest way
 * @param {import('../model/analysis.js').Analysis | null} [analysis]
 */
export function drawRaceChart(canvas, results, history, shortest, analysis = null) {
  if (analysis) analyses.set(canvas, analysis);
  const known = analyses.get(canvas) ?? null;
  drawChart(canvas, raceSeries(results, history, known), shortest);
}

/**
 * The chart's lines: one per result row, with its race time and hint penalty; the points the page saw,
 * or when it saw fewer than two, the analysis's.
 * @param {readonly import('../model/wire-types.js').ResultRow[]} results
 * @param {Record<string, [number, number][]>} history
 * @param {import('../model/analysis.js').Analysis | null} analysis
 * @returns {import('./chart.js').Series[]}
 */
export function raceSeries(results, history, analysis) {
  return results.map((r) => {
    const seen = history[r.id] || [];
    const analysed = analysis?.players.find((p) => p.id === r.id);
    const points = seen.length < 2 && analysed && analysis ? progressPoints(analysed, analysis) : seen;
    return { id: r.id, name: r.name, colour: r.colour, points, finish: r.dnf ? null : r.time, penalty: r.penalty ?? 0 };
  });
}
