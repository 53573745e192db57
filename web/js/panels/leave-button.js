// The header's Leave button. Leaving gives up your place, and mid-race that is the race itself, with
// no way back into it: there the first tap only asks, and a second within a few seconds leaves.
import { $, message } from '../common/ui.js';
import { t } from '../common/i18n.js';

const CONFIRM_MS = 4000;

/**
 * racing(): whether this tab is in a race it has not finished; leave(e): leave the room for the front page.
 * @param {{racing: () => boolean, leave: (e?: Event) => Promise<void>}} parts
 */
export function bindLeaveButton({ racing, leave }) {
  let askedUntil = 0;
  $('leave-button').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    if (!racing() || Date.now() < askedUntil) {
      leave(e);
      return;
    }
    askedUntil = Date.now() + CONFIRM_MS;
    message(t('room.leave_confirm'), 'info', CONFIRM_MS);
  });
}
