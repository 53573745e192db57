// The race explained (GET /api/races/{id}/analysis, docs/protocol.md "Race analysis"): reading the
// answer and putting each racer's analysis into words. Pure: no DOM, no fetch (analysis-panel.js draws).
import { decodeCells, decodeMaze } from './maze.js';
import { METHOD_LABELS, labelOf } from '../common/labels.js';
import { formatTime, raceTimes, resultTimeText } from '../common/race-time.js';

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

/**
 * One line on how their race went, its time written as the results write it.
 * @param {Pick<PlayerAnalysis, 'finished' | 'end' | 'penalty' | 'dead_ends' | 'dead_end_time' | 'name' | 'moves'>} p
 */
export function summaryText(p) {
  const end = p.finished ? `finished in ${resultTimeText({ time: p.end, penalty: p.penalty })}` : `did not finish (raced ${formatTime(p.end)})`;
  const visits = p.dead_ends?.length ?? 0;
  const lost = visits ? `${seconds(p.dead_end_time)} spent in ${plural(visits, 'dead end')}` : 'no dead ends';
  return `${p.name} ${end}: ${plural(p.moves ?? 0, 'move')}, ${lost}.`;
}

/** A dead-end visit in words. @param {import('./wire-types.js').DeadEndVisit} v */
export function visitText(v) {
  const back = v.left == null ? 'still in it when the race ended' : `back on the way at ${formatTime(v.left)}`;
  if (v.kind === 'detour') {
    return `${formatTime(v.entered)}: took a longer way round at ${cellText(v.cell)}: ${plural(v.steps, 'step')}, ${seconds(v.spent)}; ${back}`;
  }
  return `${formatTime(v.entered)}: went into a dead end at ${cellText(v.cell)}: ${plural(v.depth, 'cell')} deep, ${plural(v.steps, 'step')}, ${seconds(v.spent)} lost; ${back}`;
}

/** The first wrong turn in words. @param {Pick<PlayerAnalysis, 'first_wrong_turn'>} p */
export function wrongTurnText(p) {
  const w = p.first_wrong_turn;
  if (!w) return 'No wrong turn: every step took them nearer the exit.';
  return `First wrong turn at ${formatTime(w.t)}: from ${cellText(w.came_from)} into ${cellText(w.cell)}, off the shortest way.`;
}

/** A hint, what it cost and what it saved, in words. @param {import('./wire-types.js').AnalysedHint} h */
export function hintText(h) {
  const what = h.found ? 'it showed the way on' : 'there was no way on from there, so it showed the way back';
  const saved = h.on_way
    ? 'they were on the shortest way already, so it spared them no searching'
    : h.saved_cells
      ? `it spared them about ${seconds(h.saved)} of searching (${plural(h.saved_cells, 'cell')} of that dead end they never had to walk)`
      : 'it spared them no searching: nothing was left to search beyond that cell';
  return `${formatTime(h.t)}: a hint (${labelOf(METHOD_LABELS, h.method)}) at ${cellText(h.cell)}: ${what}. It added ${formatTime(h.cost)} to the total; ${saved}.`;
}

/**
 * Where they lost most against the winner, in words.
 * @param {Pick<PlayerAnalysis, 'id' | 'biggest_loss'>} p
 * @param {Pick<Analysis, 'winner' | 'checkpoints'>} analysis
 */
export function lossText(p, analysis) {
  if (p.id === analysis.winner) return 'The winner: the chart times everyone else against this race.';
  const s = p.biggest_loss;
  if (!s) return analysis.winner ? 'Never slower than the winner on any stretch of the way.' : 'Nobody finished, so there is no winner to compare with.';
  const n = analysis.checkpoints.length || 1;
  const from = Math.round(((s.index - 1) / n) * 100);
  const to = Math.round((s.index / n) * 100);
  const theirs = s.reached ? seconds(s.theirs) : `${seconds(s.theirs)} without getting there`;
  return `Most time lost from ${from}% to ${to}% of the way: ${theirs} against the winner's ${seconds(s.winners)}, ${seconds(s.loss)} slower.`;
}

/**
 * The replay's split table: when each racer first came within each checkpoint's distance of the exit
 * (race time, as the analysis counts it), then their total with hints. Rows in the order a racer meets
 * them: [{label, times: [text per player]}].
 * @param {Pick<Analysis, 'checkpoints' | 'players'>} analysis
 * @returns {{label: string, times: string[]}[]}
 */
export function splitRows(analysis) {
  const rows = analysis.checkpoints.map((left, k) => ({
    label: left === 0 ? 'At the exit (race time)' : `${plural(left, 'step')} from the exit`,
    times: analysis.players.map((p) => formatTime(p.splits?.[k] ?? null)),
  }));
  if (!rows.length) return rows;
  const totals = analysis.players.map((p) => (p.finished ? formatTime(raceTimes({ time: p.end, penalty: p.penalty }).total) : '–'));
  return [...rows, { label: 'Total with hints', times: totals }];
}

/**
 * A racer's progress from the analysis, for the race chart: [race ms, steps left to the exit] at the
 * start and at each checkpoint they reached. The server's log holds every move, so this is there for
 * every racer, also in a fog race, whose racers are never told anyone's distance to the exit.
 * @param {Pick<PlayerAnalysis, 'splits'>} p
 * @param {Pick<Analysis, 'checkpoints' | 'shortest'>} analysis
 * @returns {[number, number][]}
 */
export function progressPoints(p, analysis) {
  /** @type {[number, number][]} */
  const points = [[0, Math.max(0, analysis.shortest.length - 1)]];
  analysis.checkpoints.forEach((left, k) => {
    const t = p.splits?.[k];
    if (t != null) points.push([t, left]);
  });
  return points;
}
