// The name a player races under from the front page: the one typed, or, when the field is empty, a new
// one ("Player 4821") written into the field, where it can be changed, and remembered like a typed one.
// So a newcomer races in one tap ("Race a bot now", a size, today's maze), named by the game. A name too
// wide for the server keeps the player on the page, told why, instead of refused in the room.
import { t } from './i18n.js';
import { nameTooWide } from './name-width.js';
import { saveName } from './storage.js';
import { message } from './ui.js';

/**
 * Mark `input` invalid while its name is too wide for the server, in the page's words.
 * @param {HTMLInputElement} input
 */
export function checkName(input) {
  input.setCustomValidity(nameTooWide(input.value) ? t('error.bad_name') : '');
}

/**
 * Whether the name in `input` fits the server's limits; if not, the page says why and the field has focus.
 * @param {HTMLInputElement} input
 */
export function nameFits(input) {
  checkName(input);
  if (!input.validity.customError) return true; // only the width: an empty name is for the caller to settle
  message(input.validationMessage);
  input.focus();
  return false;
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
    name = t('front.default_name', { number: String(1000 + Math.floor(Math.random() * 9000)) });
    input.value = name;
  }
  if (!nameFits(input)) return null;
  saveName(name);
  return name;
}
