// The name a player races under from the front page: the one typed, or, when the field is empty, a new
// one ("Player 4821") written into the field, where it can be changed, and remembered like a typed one.
// So a newcomer races in one tap ("Race a bot now", a size, today's maze), named by the game.
import { t } from './i18n.js';
import { saveName } from './storage.js';

/**
 * The name in `input` (trimmed), or a new one put there when it is empty; saved for the next visit and
 * for the room page, which joins with it.
 * @param {HTMLInputElement} input
 * @returns {string}
 */
export function nameToRace(input) {
  let name = input.value.trim();
  if (!name) {
    name = t('front.default_name', { number: String(1000 + Math.floor(Math.random() * 9000)) });
    input.value = name;
  }
  saveName(name);
  return name;
}
