// "Race this ghost": a new room on this race's maze and settings, racing this finisher's run
// (`POST /api/ghost-rooms`); the server streams the ghost's positions as it goes, never its route ahead.
import { el, message } from '../common/ui.js';
import { serverMessage, t } from '../common/i18n.js';

/** @param {string} raceId @param {import('../model/wire-types.js').ResultRow} result */
export function ghostButton(raceId, result) {
  const name = String(result.name ?? '');
  // The spoken name starts with the visible words (voice control users say what they see), then whose.
  const button = el('button', { type: 'button', class: 'secondary small race-ghost', 'data-player-id': result.id, text: t('room.ghost.race'), 'aria-label': t('room.ghost.race_name', { name }) });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const res = await fetch('/api/ghost-rooms', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ race: raceId, player: result.id }) });
      const body = await res.json().catch(() => null);
      if (res.ok && body?.code) location.assign(body.url ? new URL(body.url, location.href).pathname : `/r/${encodeURIComponent(body.code)}`);
      else message(body?.error ? serverMessage(body.error) : t('common.server_said', { status: res.status }));
    } catch {
      message(t('room.ghost.unreachable'));
    } finally {
      button.disabled = false;
    }
  });
  return button;
}
