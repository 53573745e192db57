// The ghosts on the room page's DOM: who the room races (lobby), where each ghost is (race), and each
// player's split against each ghost (results). Names go in through textContent only (ui.js `el`).
import { el, formatTime, swatch } from '../common/ui.js';
import { ghostTotal, splitText } from '../model/ghosts.js';

/** @typedef {import('../model/ghosts.js').Ghost} Ghost */

/** @param {Pick<Ghost, 'name'>} g */
const ghostName = (g) => `${g.name}'s ghost`;

/**
 * The lobby's line about the room's ghosts, or '' when it has none.
 * @param {readonly Ghost[]} ghosts
 */
export function ghostNote(ghosts) {
  if (!ghosts.length) return '';
  const who = ghosts.map((g) => `${ghostName(g)} (${formatTime(ghostTotal(g))})`).join(', ');
  return `You race ${who} on the maze of a stored race: the settings are the race's.`;
}

/**
 * The race panel's list of ghosts: name, then home with its time, or its steps so far.
 * @param {HTMLElement} list
 * @param {readonly Ghost[]} ghosts
 */
export function renderGhostList(list, ghosts) {
  list.replaceChildren(
    ...ghosts.map((g) =>
      el(
        'li',
        { 'data-ghost-id': g.id, class: 'ghost' },
        swatch(g.colour),
        el('span', { class: 'name', text: ghostName(g) }),
        el('span', { class: 'status', text: g.finished ? `home · ${formatTime(ghostTotal(g))}` : `${g.moves} moves${g.cell ? '' : ' · out of sight'}` }),
      ),
    ),
  );
}

/**
 * The results' splits: one line a finisher and ghost, "Eve: +3.2 s vs Ann's ghost".
 * @param {HTMLElement} list
 * @param {readonly import('../model/wire-types.js').ResultRow[]} results
 * @param {readonly Ghost[]} ghosts
 * @param {string | undefined} youId
 */
export function renderSplits(list, results, ghosts, youId) {
  /** @type {HTMLElement[]} */
  const lines = [];
  for (const r of results) {
    for (const g of ghosts) {
      const text = splitText(r, g);
      if (text) lines.push(el('li', { 'data-player-id': r.id, 'data-ghost-id': g.id, class: r.id === youId ? 'you' : '' }, `${r.name}: ${text}`));
    }
  }
  list.replaceChildren(...lines);
  list.hidden = !lines.length;
}
