// DOM helpers. User-supplied text goes in ONLY through textContent, never innerHTML.
import { placeMessage } from './message-place.js';
import { language, t } from './i18n.js';
import { resultTimeParts } from './race-time.js';

/**
 * The page's element with this id. Typed loosely on purpose: which kind of element an id names (an
 * input, a select, a canvas) is the page's HTML's to say, and each caller uses it as such.
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/**
 * A new element: attrs are set as properties (or attributes for aria-/data-), children appended.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {any} the element (typed loosely, as `$`)
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else if (key.startsWith('aria-') || key.startsWith('data-') || key === 'role' || key === 'for') {
      node.setAttribute(key, value === true ? '' : String(value));
    } else /** @type {any} */ (node)[key] = value;
  }
  for (const child of children) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * @param {string | HTMLElement | null} id an element or its id
 * @param {unknown} text
 */
export function setText(id, text) {
  const node = typeof id === 'string' ? $(id) : id;
  if (node && node.textContent !== String(text)) node.textContent = String(text);
}

/**
 * @param {string | HTMLElement | null} id an element or its id
 * @param {boolean} [visible]
 */
export function show(id, visible = true) {
  const node = typeof id === 'string' ? $(id) : id;
  if (node) node.hidden = !visible;
}

/**
 * A CSS colour from the server, or a neutral grey if it does not look like one.
 * @param {unknown} colour
 * @returns {string}
 */
export function safeColour(colour) {
  return typeof colour === 'string' && /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%]+\))$/i.test(colour)
    ? colour
    : '#888';
}

/** The server's player colours in seat order (GET /api/rules `palette`), upper case; empty until read. */
let playerColours = /** @type {readonly string[]} */ ([]);

/**
 * Take the server's palette. A player's colour is the first one free when they join, so its place is
 * their seat: the number on their marker and swatch, which tells players apart where colours alone do
 * not (colour blindness).
 * @param {unknown} palette the rules' `palette`
 */
export function usePlayerColours(palette) {
  playerColours = Array.isArray(palette) ? palette.map((c) => String(c).toUpperCase()) : [];
}

/**
 * A player's number (1-based slot) from their colour, or null for a colour the palette does not hold.
 * @param {unknown} colour
 * @returns {number | null}
 */
export function playerNumber(colour) {
  const at = typeof colour === 'string' ? playerColours.indexOf(colour.toUpperCase()) : -1;
  return at < 0 ? null : at + 1;
}

/**
 * Black or white, whichever reads better on `colour` (a #rrggbb; others get black), by WCAG contrast.
 * @param {unknown} colour
 * @returns {'#000' | '#fff'}
 */
export function inkOn(colour) {
  const hex = typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#ffffff';
  const channel = (/** @type {number} */ at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

/**
 * A colour swatch for a player, with their number in it (drawn by CSS from data-number, so it is not
 * part of the row's text: the name beside it is what is read).
 * @param {unknown} colour
 */
export const swatch = (colour) =>
  el('span', {
    class: 'swatch',
    'aria-hidden': 'true',
    'data-number': playerNumber(colour),
    style: `background:${safeColour(colour)};color:${inkOn(colour)}`,
  });

let liveTimer = 0;
/** Tell screen-reader users (and the #live region) something. @param {string} text */
export function announce(text) {
  const live = $('live');
  if (!live) return;
  // Clearing first makes repeated messages be read again.
  live.textContent = '';
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => (live.textContent = text), 30);
}

let messageTimer = 0;
/**
 * A short visible message (refusals, errors) that fades after a while; also announced.
 * @param {string} text
 * @param {'error' | 'info'} [kind]
 * @param {number} [ms]
 */
export function message(text, kind = 'error', ms = 3500) {
  const box = $('message');
  if (text) announce(text);
  if (!box) return;
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
  if (text) placeMessage(box);
  clearTimeout(messageTimer);
  if (text && ms) messageTimer = setTimeout(() => (box.hidden = true), ms);
}

/**
 * Take the message down when it is of `kind` (any kind when none is named): one that a later moment made
 * stale, such as a toast the results say again or a refusal about a maze since edited.
 * @param {'error' | 'info'} [kind]
 */
export function dismissMessage(kind) {
  const box = $('message');
  if (box && !box.hidden && (!kind || box.dataset.kind === kind)) message('');
}


/**
 * A table cell with a result's time: the total on its own line, how hints made it up on a second,
 * smaller line under it (`td.time`, app.css). Its text is resultTimeText's, "0:14.1 (0:09.1 + 0:05.0
 * hints)", with no-break spaces but after the "+".
 * @param {{time?: number | null, penalty?: number | null, dnf?: boolean}} r
 */
export function timeCell(r) {
  const { total, sum } = resultTimeParts(r);
  if (!sum) return el('td', { class: 'num time' }, el('span', { class: 'time-total', text: total }));
  // one text (as the catalogue wrote it), breaking only after its "+": "(0:09.1 +" over "0:05.0 hints)"
  const breaksAfterPlus = sum.replace(/ /g, '\u00a0').replace('+\u00a0', '+ ');
  return el('td', { class: 'num time' }, el('span', { class: 'time-total', text: total }), ' ', el('span', { class: 'time-sum', text: breaksAfterPlus }));
}

/** The catalogue's ordinal forms, by the category of Intl.PluralRules' 'ordinal' type. */
const ORDINALS = /** @type {Record<string, string>} */ ({
  one: 'common.ordinal.one',
  two: 'common.ordinal.two',
  few: 'common.ordinal.few',
  other: 'common.ordinal.other',
});
const ordinalRules = new Intl.PluralRules(language === 'en-XA' ? 'en' : language, { type: 'ordinal' });

/**
 * A place as the language writes it (1st, 2nd, 3rd, 4th...; 第 1 名), through Intl.PluralRules'
 * ordinal categories and the catalogue's form for each.
 * @param {number} n
 * @param {(key: string, params: {rank: number}) => string} [translate] t, or another language's (tests)
 * @param {Intl.PluralRules} [rules] that language's ordinal rules
 */
export function ordinal(n, translate = t, rules = ordinalRules) {
  return translate(ORDINALS[rules.select(n)] ?? ORDINALS.other, { rank: n });
}

/**
 * The camera controls shared by the room and the replay: zoom buttons, re-centre, and a "follow" select
 * whose choice is handed to `onFollow` (an id, or '' for a free camera).
 * @param {{recentre(): void, invalidate(): void, zoomBy(factor: number): void, unit: number | null}} renderer
 * @param {HTMLSelectElement} followSelect
 * @param {(id: string) => void} onFollow
 */
export function bindCamera(renderer, followSelect, onFollow) {
  followSelect.addEventListener('change', () => {
    onFollow(followSelect.value);
    if (followSelect.value) renderer.recentre();
    renderer.invalidate();
  });
  $('zoom-in').addEventListener('click', () => renderer.zoomBy(1.25));
  $('zoom-out').addEventListener('click', () => renderer.zoomBy(0.8));
  $('recentre').addEventListener('click', () => {
    renderer.unit = null;
    renderer.recentre();
  });
}
