// A published maze's card as people read it (server/maze/maze_card.py's MazeCard): whether it has a
// way out, the shortest way, how many shortest routes, dead ends, junctions and loops. Pure
// formatting, plus one DOM builder that writes text only through textContent (ui.el).
import { el } from '../common/ui.js';
import { formatNumber, t } from '../common/i18n.js';
import { formatCount } from './difficulty.js';

/**
 * The card as [label, text] rows, in the order shown; [] without a card.
 * @param {{solvable?: boolean, shortest?: number | null, shortest_routes?: import('../model/wire-types.js').Count | null, dead_ends?: number, decision_points?: number, loops?: number} | null | undefined} card
 * @returns {[string, string][]}
 */
export function mazeFacts(card) {
  if (!card || typeof card !== 'object') return [];
  const count = (/** @type {unknown} */ n) => (typeof n === 'number' && Number.isFinite(n) ? formatNumber(n) : '–');
  const way = typeof card.shortest === 'number' ? t('card.steps', { count: card.shortest }) : t('card.none');
  return [
    [t('maze_card.solvable'), card.solvable ? t('maze_card.solvable_yes') : t('maze_card.solvable_no')],
    [t('card.shortest_way'), way],
    [t('card.shortest_ways'), card.shortest_routes == null ? t('card.none') : formatCount(card.shortest_routes)],
    [t('card.dead_ends'), count(card.dead_ends)],
    [t('maze_card.junctions'), count(card.decision_points)],
    [t('maze_card.loops'), card.loops === 0 ? t('maze_card.no_loops') : count(card.loops)],
  ];
}

/**
 * The card as a definition list (text only).
 * @param {Parameters<typeof mazeFacts>[0]} card
 */
export function mazeFactList(card) {
  const list = el('dl', { class: 'difficulty' });
  for (const [label, text] of mazeFacts(card)) list.append(el('dt', { text: label }), el('dd', { text }));
  return list;
}
