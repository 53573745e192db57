// The race explained (GET /api/races/{id}/analysis, docs/protocol.md "Race analysis"): reading the
// answer and putting each racer's analysis into words. Pure: no DOM, no fetch (analysis-panel.js draws).
import { decodeCells, decodeMaze } from './maze.js';
import { METHOD_LABELS, labelOf } from '../common/labels.js';
import { formatTime } from '../common/ui.js';

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').PlayerAnalysis} PlayerAnalysis */

/**
 * One racer's analysis with its route read as cells.
 * @typedef {Omit<PlayerAnalysis, 'route'> & {route: Cell[]}} AnalysedPlayer
 */

/**
 * The analysis ready to draw.
 * @typedef {{maze: import('./maze.js').Maze, shortest: Cell[], checkpoints: number[], bottlenecks: Cell[], winner: string | null, players: AnalysedPlayer[]}} Analysis
 */

/** @param {unknown} cell */
const cellText = (cell) => (Array.isArray(cell) ? `(${cell[0]}, ${cell[1]})` : '?');
/** @param {unknown} ms */
const seconds = (ms) => `${(Math.max(0, Number(ms) || 0) / 1000).toFixed(1)} s`;
/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The answer made ready to draw: {maze, shortest: [[r, c], ...], checkpoints, bottlenecks, winner,
 * players: [{...player, route: [[r, c], ...]}]}, or {sealed_until} for a sealed daily race. Throws on
 * an answer that does not fit its maze (the caller shows nothing then).
 * @param {any} body the answer as fetched, checked here
 * @returns {Analysis | {sealed_until: number | null}}
 */
export function readAnalysis(body) {
  if (!body || typeof body !== 'object') throw new Error('no analysis');
  if (!body.analysis) return { sealed_until: Number.isFinite(body.sealed_until) ? body.sealed_until : null };
  const maze = decodeMaze(body.maze);
  const a = body.analysis;
  const players = (Array.isArray(a.players) ? a.players : []).map((/** @type {PlayerAnalysis} */ p) => ({ ...p, route: decodeCells(p.route ?? '', maze) }));
  return {
    maze,
    shortest: decodeCells(a.shortest_path ?? '', maze),
    checkpoints: Array.isArray(a.checkpoints) ? a.checkpoints : [],
    bottlenecks: Array.isArray(a.bottlenecks) ? a.bottlenecks : [],
    winner: a.winner ?? null,
    players,
  };
}

/** One line on how their race went. @param {Pick<PlayerAnalysis, 'finished' | 'end' | 'dead_ends' | 'dead_end_time' | 'name' | 'moves'>} p */
export function summaryText(p) {
  const end = p.finished ? `finished in ${formatTime(p.end)}` : `did not finish (${formatTime(p.end)} raced)`;
  const visits = p.dead_ends?.length ?? 0;
  const lost = visits ? `${seconds(p.dead_end_time)} in ${plural(visits, 'dead end')}` : 'no dead ends';
  return `${p.name}: ${end}, ${plural(p.moves ?? 0, 'move')}, ${lost}.`;
}

/** A dead-end visit in words. @param {import('./wire-types.js').DeadEndVisit} v */
export function visitText(v) {
  const kind = v.kind === 'detour' ? 'a longer way round' : 'a dead end';
  const left = v.left == null ? 'still there at the end' : `out at ${formatTime(v.left)}`;
  return `${formatTime(v.entered)}: into ${kind} at ${cellText(v.cell)}, ${seconds(v.spent)} there (${plural(v.depth, 'cell')} deep, ${plural(v.steps, 'step')}), ${left}`;
}

/** The first wrong turn in words. @param {Pick<PlayerAnalysis, 'first_wrong_turn'>} p */
export function wrongTurnText(p) {
  const w = p.first_wrong_turn;
  if (!w) return 'No wrong turn: every step from the shortest way went on along it.';
  return `First wrong turn at ${formatTime(w.t)}: from ${cellText(w.came_from)} into ${cellText(w.cell)}.`;
}

/** A hint, what it cost and what it saved, in words. @param {import('./wire-types.js').AnalysedHint} h */
export function hintText(h) {
  const what = h.found ? 'found the way' : 'no way on, back up';
  const saved = h.on_way
    ? 'saved nothing counted: on the way already'
    : h.saved_cells
      ? `saved about ${seconds(h.saved)} (${plural(h.saved_cells, 'cell')} of that dead end left unsearched)`
      : 'saved nothing counted: nothing left beyond that cell';
  return `${formatTime(h.t)} ${labelOf(METHOD_LABELS, h.method)} at ${cellText(h.cell)}: ${what}; cost ${seconds(h.cost)}, ${saved}`;
}

/**
 * Where they lost most against the winner, in words.
 * @param {Pick<PlayerAnalysis, 'id' | 'biggest_loss'>} p
 * @param {Pick<Analysis, 'winner' | 'checkpoints'>} analysis
 */
export function lossText(p, analysis) {
  if (p.id === analysis.winner) return 'The winner: nothing lost against themselves.';
  const s = p.biggest_loss;
  if (!s) return analysis.winner ? 'Never slower than the winner between two checkpoints.' : 'Nobody finished: no winner to compare with.';
  const n = analysis.checkpoints.length || 1;
  const from = Math.round(((s.index - 1) / n) * 100);
  const to = Math.round((s.index / n) * 100);
  const theirs = s.reached ? seconds(s.theirs) : `${seconds(s.theirs)} and never reached`;
  return `Most time lost from ${from}% to ${to}% of the way: ${theirs} against the winner's ${seconds(s.winners)} (+${seconds(s.loss)}).`;
}

/**
 * Rows for the bottleneck splits: [{cell, times: [ms|null per player]}], in route order.
 * @param {Pick<Analysis, 'bottlenecks' | 'players'>} analysis
 */
export function bottleneckRows(analysis) {
  return analysis.bottlenecks.map((cell, k) => ({ cell, times: analysis.players.map((p) => p.bottleneck_splits?.[k] ?? null) }));
}
