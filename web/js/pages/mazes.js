// The published mazes (/mazes): newest first or most raced first, each a card linking its page
// (/m/{code}), where it can be raced; and the way to the editor to draw one. The list comes from
// GET /api/mazes; titles and names go in as text only.
import { formatDate, formatRaceTime, t, translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { $, el, setText, show } from '../common/ui.js';
import { api, noStore, problem } from '../net/api.js';
import { mazeUrl } from '../model/share-code.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

const ORDER_BUTTONS = /** @type {HTMLButtonElement[]} */ ([$('order-newest'), $('order-most-raced')]);
const LIMIT = 50;
let asked = 0;

/** One maze's card. @param {any} m a maze of GET /api/mazes */
function mazeItem(m) {
  const code = String(m.code);
  const races = Number(m.races) || 0;
  const made = Number(m.created_at); // epoch ms
  const size = t('maze_page.size', { rows: m.rows, cols: m.cols });
  const facts = [size, m.directions === 8 ? t('settings.summary.eight') : '', t('mazes.clear', { time: formatRaceTime(Number(m.clear_ms)) }), races ? t('maze_page.races', { count: races }) : t('maze_page.not_raced')];
  return el(
    'li',
    { 'data-code': code },
    el('a', { class: 'maze-link', href: mazeUrl(code), text: String(m.title ?? '') }),
    el('span', { class: 'muted', text: t('mazes.by', { author: String(m.author ?? ''), date: Number.isFinite(made) ? formatDate(made) : '' }) }),
    el('span', { text: facts.filter(Boolean).join(' · ') }),
  );
}

/** Show the list in `order` ('newest' or 'most_raced'). @param {string} order */
async function load(order) {
  for (const button of ORDER_BUTTONS) button.setAttribute('aria-pressed', String(button.dataset.order === order));
  const mine = ++asked;
  setText('mazes-status', t('mazes.loading'));
  show('mazes-status');
  let res = null;
  try {
    res = await api(`/api/mazes?order=${order}&limit=${LIMIT}`);
  } catch {
    /* said below */
  }
  if (mine !== asked) return; // the other order was asked for since
  const mazes = res?.ok && Array.isArray(res.body?.mazes) ? res.body.mazes : null;
  $('maze-list').replaceChildren(...(mazes ?? []).map(mazeItem));
  if (mazes && mazes.length) show('mazes-status', false);
  else setText('mazes-status', mazes ? t('mazes.empty') : !res ? t('front.error.unreachable') : noStore(res) ? t('mazes.no_store') : problem(res));
  document.body.dataset.order = order;
}

for (const button of ORDER_BUTTONS) button.addEventListener('click', () => load(String(button.dataset.order)));
load('newest');
