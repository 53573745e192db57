// The front page's public rooms: one card a room (GET /api/rooms), refreshed every few seconds while
// the page is seen. Cards wrap on a narrow screen, so nothing is wider than its column.
import { $, el, setText, show } from '../common/ui.js';
import { ALGORITHM_PLAIN, PHASE_LABELS, labelOf, presetLabel } from '../common/labels.js';
import { api, roomUrl } from '../net/api.js';

const REFRESH_MS = 4000;

/** @param {unknown} v */
const count = (v) => (Array.isArray(v) ? v.length : Number(v) || 0);

/**
 * One public room's card: what it is, who is in it, Join and Watch.
 * @param {any} room a public room's summary (GET /api/rooms)
 * @param {() => void} beforeLeave
 */
function roomCard(room, beforeLeave) {
  const players = count(room.players);
  const open = room.phase === 'lobby' && !room.locked && players < (room.max_players ?? Infinity);
  const go = (/** @type {boolean} */ watch) => () => {
    beforeLeave();
    location.assign(roomUrl(room.code, watch));
  };
  const join = el('button', { type: 'button', text: 'Join', disabled: !open, 'data-action': 'join', 'aria-label': `Join room ${room.code}` });
  const watch = el('button', { type: 'button', class: 'secondary', text: 'Watch', 'data-action': 'watch', 'aria-label': `Watch room ${room.code}` });
  join.addEventListener('click', go(false));
  watch.addEventListener('click', go(true));
  const size = room.rows && room.cols ? `${presetLabel(room.preset || '')} ${room.rows} × ${room.cols}` : presetLabel(room.preset || '');
  const maze = `${size} · ${labelOf(ALGORITHM_PLAIN, room.algorithm || '')}${room.fog ? ' · fog' : ''}`;
  const people = `${players} of ${room.max_players ?? '?'} players · ${count(room.spectators)} watching`;
  return el(
    'li',
    { 'data-code': room.code },
    el(
      'div',
      { class: 'room-info' },
      el('strong', { text: `${room.code} · ${labelOf(PHASE_LABELS, room.phase)}` }),
      el('span', { class: 'muted', text: maze }),
      el('span', { class: 'muted', text: people }),
    ),
    el('div', { class: 'row' }, join, watch),
  );
}

/**
 * Keep the list of public rooms current; `beforeLeave` runs before going to a room (to keep the name).
 * @param {() => void} beforeLeave
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
        setText('room-list-empty', 'No public rooms yet: make one above!');
      }
    } catch {
      setText('room-list-empty', 'Could not load the rooms; trying again…');
      show('room-list-empty');
    }
    if (!document.hidden) timer = setTimeout(refresh, REFRESH_MS);
  }
  document.addEventListener('visibilitychange', () => !document.hidden && refresh());
  refresh();
}
