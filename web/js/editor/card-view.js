// The live card beside the maze (model/maze-card.js's numbers in words), refreshed after every edit.
// Only the rows whose text changed are written, so a stroke that changes nothing the card says touches
// no DOM; text goes in through textContent only.
import { formatNumber, t } from '../common/i18n.js';
import { el } from '../common/ui.js';
import { formatCount } from '../panels/difficulty.js';

/** @typedef {import('../model/maze-card.js').MazeCard} MazeCard */

/** The card's rows as [label, text]. @param {MazeCard} card @returns {[string, string][]} */
export function editorCardRows(card) {
  return [
    [t('card.shortest_way'), card.shortest == null ? t('card.none') : t('card.steps', { count: card.shortest })],
    [t('card.shortest_ways'), card.shortest_routes == null ? t('card.none') : formatCount(card.shortest_routes)],
    [t('card.dead_ends'), formatNumber(card.dead_ends)],
    [t('maze_card.junctions'), formatNumber(card.decision_points)],
    [t('maze_card.loops'), formatNumber(card.loops)],
  ];
}

export class CardView {
  /** @param {HTMLElement} verdict @param {HTMLElement} list */
  constructor(verdict, list) {
    this.verdict = verdict;
    this.list = list;
    /** @type {HTMLElement[]} */
    this.values = [];
    this.shown = '';
  }

  /** Show a card. @param {MazeCard} card */
  update(card) {
    const verdict = card.solvable ? t('editor.card.solvable') : t('editor.card.unsolvable');
    if (this.verdict.textContent !== verdict) {
      this.verdict.textContent = verdict;
      this.verdict.dataset.solvable = String(card.solvable);
    }
    const rows = editorCardRows(card);
    if (this.values.length !== rows.length) {
      this.list.replaceChildren();
      this.values = rows.map(([label]) => {
        const value = el('dd', {});
        this.list.append(el('dt', { text: label }), value);
        return value;
      });
    }
    rows.forEach(([, text], k) => {
      if (this.values[k].textContent !== text) this.values[k].textContent = text;
    });
  }
}
