// The front page's public rooms: one card a room (GET /api/rooms), refreshed every few seconds while
// the page is seen. Cards wrap on a narrow screen, so nothing is wider than its column.
import { $, el, setText, show } from '../common/ui.js';
import { PHASE_LABELS, labelOf, mazeWords, presetLabel, presetWithSize } from '../common/labels.js';
import { t } from '../common/i18n.js';
import { api, roomUrl } from '../net/api.js';

const REFRESH_MS = 4000;

/** @param {unknown} v */
const count = (v) => (Array.isArray(v) ? v.length : Number(v) || 0);

/**
 * One public room's card: what it is, who is in it, Join and Watch.
 * @param {any} room a public room's summary (GET /api/rooms)
 * @param {(watch: boolean) => boolean} beforeLeave
 */
function roomCard(room, beforeLeave) {
  const players = count(room.players);
  const open = room.phase === 'lobby' && !room.locked && players < (room.max_players ?? Infinity);
  const go = (/** @type {boolean} */ watch) => () => {
    if (beforeLeave(watch)) location.assign(roomUrl(room.code, watch));
  };
  const join = el('button', { type: 'button', text: t('common.join'), disabled: !open, 'data-action': 'join', 'aria-label': t('front.rooms.join', { code: room.code }) });
  const watch = el('button', { type: 'button', class: 'secondary', text: t('common.watch'), 'data-action': 'watch', 'aria-label': t('front.rooms.watch', { code: room.code }) });
  join.addEventListener('click', go(false));
  watch.addEventListener('click', go(true));
  const size = room.rows && room.cols ? presetWithSize(room.preset || '', room.rows, room.cols) : presetLabel(room.preset || '');
  const maze = t(room.fog ? 'front.rooms.maze_fog' : 'front.rooms.maze', { size, maze: mazeWords(room) });
  const most = Number(room.max_players);
  const people = t('front.rooms.people', { players, count: Number.isFinite(most) ? most : '?', watching: count(room.spectators) });
  return el(
    'li',
    { 'data-code': room.code },
    el(
      'div',
      { class: 'room-info' },
      el('strong', { text: t('front.rooms.title', { code: room.code, phase: String(labelOf(PHASE_LABELS, room.phase)) }) }),
      el('span', { class: 'muted', text: maze }),
      el('span', { class: 'muted', text: people }),
    ),
    el('div', { class: 'row' }, join, watch),
  );
}

/**
 * Keep the list of public rooms current; `beforeLeave(watch)` runs before going to a room (to keep the
 * name); false keeps the player on the page.
 * @param {(watch: boolean) => boolean} beforeLeave
 */
export function showPublicRooms(beforeLeave) {
  let timer = 0;
  async function refresh() {
    clearTimeout(timer);
    try {
      const res = await api('/api/rooms');
      if (res.ok && Array.isArray(res.body?.rooms)) {
        const cards = res.body.rooms.map((/** @type {any} */ room) => roomCard(room, beforeLeave));
        const list = $('room-list');
        // Keep focus on the same button across a refresh.
        const active = /** @type {HTMLElement | null} */ (document.activeElement);
        const focused = /** @type {HTMLElement | null | undefined} */ (active?.closest?.('#room-list li'));
        const focusKey = focused && [focused.dataset.code, /** @type {HTMLElement} */ (active).dataset.action];
        list.replaceChildren(...cards);
        if (focusKey) list.querySelector(`li[data-code="${CSS.escape(String(focusKey[0]))}"] [data-action="${focusKey[1]}"]`)?.focus();
        show('room-list-empty', cards.length === 0);
        setText('room-list-empty', t('front.rooms.empty'));
      }
    } catch {
      setText('room-list-empty', t('front.rooms.failed'));
      show('room-list-empty');
    }
    if (!document.hidden) timer = setTimeout(refresh, REFRESH_MS);
  }
  document.addEventListener('visibilitychange', () => !document.hidden && refresh());
  refresh();
}
