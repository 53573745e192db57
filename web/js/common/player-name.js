// The name a player races under from the front page or a published maze's page: the one typed, or, when
// the field is empty, a new one ("Player 4821") written into the field, where it can be changed, and
// remembered like a typed one.
// So a newcomer races in one tap ("Race a bot now", a size, today's maze), named by the game. A name too
// wide for the server keeps the player on the page, told why, instead of refused in the room.
import { t } from './i18n.js';
import { nameTooWide } from './name-width.js';
import { saveName } from './storage.js';
import { message } from './ui.js';

/** A name the game picks for a player who has typed none ("Player 4821"). */
const pickedName = () => t('front.default_name', { number: String(1000 + Math.floor(Math.random() * 9000)) });

/**
 * Whether the name in `input` fits the server's limits (an empty one does: that is for the caller to
 * settle); if not, the page says why, the field is marked invalid for assistive technology and has focus.
 * @param {HTMLInputElement} input
 */
export function nameFits(input) {
  const fits = !nameTooWide(input.value);
  if (fits) input.removeAttribute('aria-invalid');
  else {
    input.setAttribute('aria-invalid', 'true');
    message(t('error.bad_name'));
    input.focus();
  }
  return fits;
}

/**
 * The name in `input` (trimmed), or a new one put there when it is empty; saved for the next visit and
 * for the room page, which joins with it. Null when the name is too wide: the field says why and has focus.
 * @param {HTMLInputElement} input
 * @returns {string | null}
 */
export function nameToRace(input) {
  let name = input.value.trim();
  if (!name) {
    name = pickedName();
    input.value = name;
  }
  if (!nameFits(input)) return null;
  saveName(name);
  return name;
}
