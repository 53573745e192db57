// The ghosts on the room page's DOM: who the room races (lobby), where each ghost is (race), and each
// player's split against each ghost (results). Names go in through textContent only (ui.js `el`).
import { el, swatch } from '../common/ui.js';
import { formatNumber, formatRaceTime, language, t } from '../common/i18n.js';
import { ghostTotal, splitMs } from '../model/ghosts.js';

/** @typedef {import('../model/ghosts.js').Ghost} Ghost */

/** @param {Pick<Ghost, 'name'>} g */
const ghostName = (g) => t('room.ghost.name', { name: g.name });

/**
 * The lobby's line about the room's ghosts, or '' when it has none.
 * @param {readonly Ghost[]} ghosts
 */
export function ghostNote(ghosts) {
  if (!ghosts.length) return '';
  const items = ghosts.map((g) => t('room.ghost.item', { name: g.name, time: formatRaceTime(ghostTotal(g)) }));
  const who = new Intl.ListFormat(language === 'en-XA' ? 'en' : language, { type: 'conjunction' }).format(items);
  return t('lobby.ghost_note', { ghosts: who });
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
        el('span', { class: 'status', text: ghostStatus(g) }),
      ),
    ),
  );
}

/** Where a ghost is: home with its time, or its moves so far (and whether it is out of sight). @param {Ghost} g */
function ghostStatus(g) {
  if (g.finished) return t('room.ghost.home', { time: formatRaceTime(ghostTotal(g)) });
  return g.cell ? t('room.ghost.moves', { count: g.moves }) : t('room.ghost.moves_unseen', { count: g.moves });
}

/**
 * One finisher's split against a ghost, "Eve: +3.2 s vs Ann's ghost", or null when either has no time.
 * @param {import('../model/wire-types.js').ResultRow} result
 * @param {Ghost} ghost
 */
function splitLine(result, ghost) {
  const split = splitMs(result, ghost);
  if (split == null) return null;
  const params = { name: String(result.name ?? ''), ghost: ghost.name, seconds: formatNumber(Math.abs(split) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) };
  if (split > 0) return t('room.ghost.split_behind', params);
  if (split < 0) return t('room.ghost.split_ahead', params);
  return t('room.ghost.split_even', params);
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
      const text = splitLine(r, g);
      if (text) lines.push(el('li', { 'data-player-id': r.id, 'data-ghost-id': g.id, class: r.id === youId ? 'you' : '' }, text));
    }
  }
  list.replaceChildren(...lines);
  list.hidden = !lines.length;
}
