// The race explained (GET /api/races/{id}/analysis, docs/protocol.md "Race analysis"): reading the
// answer and putting each racer's analysis into words. Pure: no DOM, no fetch (analysis-panel.js draws).
import { decodeCells, decodeMaze } from './maze.js';
import { resultRows } from './room-records.js';
import { methodName } from './hint-text.js';
import { raceTimes, resultTimeText, secondsText } from '../common/race-time.js';
import { formatRaceTime, t } from '../common/i18n.js';

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
  // a bot named in the page's words, as the results name it
  /** @type {PlayerAnalysis[]} */
  const named = resultRows(a.players);
  const players = named.map((p) => ({ ...p, route: decodeCells(p.route ?? '', maze) }));
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
  const visits = p.dead_ends?.length ?? 0;
  const params = { name: String(p.name ?? ''), count: p.moves ?? 0, dead_ends: visits, seconds: secondsText(p.dead_end_time) };
  if (p.finished) {
    const time = resultTimeText({ time: p.end, penalty: p.penalty });
    return visits ? t('analysis.summary_finished', { ...params, time }) : t('analysis.summary_finished_clean', { ...params, time });
  }
  const time = formatRaceTime(p.end);
  return visits ? t('analysis.summary_unfinished', { ...params, time }) : t('analysis.summary_unfinished_clean', { ...params, time });
}

/** A dead-end visit in words. @param {import('./wire-types.js').DeadEndVisit} v */
export function visitText(v) {
  const params = { entered: formatRaceTime(v.entered), cell: cellText(v.cell), seconds: secondsText(v.spent), left: formatRaceTime(v.left) };
  if (v.kind === 'detour') {
    const detour = { ...params, count: v.steps };
    return v.left == null ? t('analysis.detour_stuck', detour) : t('analysis.detour', detour);
  }
  // a dead end is walked in and back out: always more than one step, so only its depth needs a plural
  const deadEnd = { ...params, count: v.depth, steps: v.steps };
  return v.left == null ? t('analysis.dead_end_stuck', deadEnd) : t('analysis.dead_end', deadEnd);
}

/** The first wrong turn in words. @param {Pick<PlayerAnalysis, 'first_wrong_turn'>} p */
export function wrongTurnText(p) {
  const w = p.first_wrong_turn;
  if (!w) return t('analysis.no_wrong_turn');
  return t('analysis.wrong_turn', { time: formatRaceTime(w.t), from: cellText(w.came_from), cell: cellText(w.cell) });
}

/** A hint, what it cost and what it saved, in words. @param {import('./wire-types.js').AnalysedHint} h */
export function hintText(h) {
  const asked = { time: formatRaceTime(h.t), method: methodName(h.method), cell: cellText(h.cell) };
  const what = h.found ? t('analysis.hint_way_on', asked) : t('analysis.hint_way_back', asked);
  const cost = { cost: formatRaceTime(h.cost), seconds: secondsText(h.saved), count: h.saved_cells ?? 0 };
  const saved = h.on_way
    ? t('analysis.hint_on_way', cost)
    : h.saved_cells
      ? t('analysis.hint_saved', cost)
      : t('analysis.hint_saved_nothing', cost);
  return t('results.two_sentences', { first: what, second: saved });
}

/**
 * Where they lost most against the winner, in words.
 * @param {Pick<PlayerAnalysis, 'id' | 'biggest_loss'>} p
 * @param {Pick<Analysis, 'winner' | 'checkpoints'>} analysis
 */
export function lossText(p, analysis) {
  if (p.id === analysis.winner) return t('analysis.loss_winner');
  const s = p.biggest_loss;
  if (!s) return analysis.winner ? t('analysis.loss_never') : t('analysis.loss_no_winner');
  const n = analysis.checkpoints.length || 1;
  const params = {
    from: Math.round(((s.index - 1) / n) * 100),
    to: Math.round((s.index / n) * 100),
    theirs: secondsText(s.theirs),
    winners: secondsText(s.winners),
    loss: secondsText(s.loss),
  };
  return s.reached ? t('analysis.loss', params) : t('analysis.loss_unreached', params);
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
    label: left === 0 ? t('analysis.split_exit') : t('analysis.split_steps', { count: left }),
    times: analysis.players.map((p) => formatRaceTime(p.splits?.[k] ?? null)),
  }));
  if (!rows.length) return rows;
  const totals = analysis.players.map((p) => (p.finished ? formatRaceTime(raceTimes({ time: p.end, penalty: p.penalty }).total) : '–'));
  return [...rows, { label: t('analysis.split_total'), times: totals }];
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
