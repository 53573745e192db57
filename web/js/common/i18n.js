// The words a player reads, in their language. Every string a page shows comes from the catalogues of
// its language (web/i18n/<lang>.json: one flat object, dotted keys by page or panel), and this module is
// the one way to them. Loading it chooses the language (?lang=, then the saved choice, then the browser's
// languages, then English), fetches the catalogues with a top-level await (so every module that
// imports this one runs with the words already there, and `t` is synchronous) and sets <html lang>.
//
// Every page loads the main catalogue. Words only a few pages use live in an extra catalogue, so that
// the others do not download them: web/i18n/<name>/<lang>.json, which a page asks for on its root
// element, `<html lang="en" data-catalogues="makers">` (names separated by spaces). The main one and
// each declared extra are fetched in parallel, each falling back to English on its own, and merged
// into one catalogue (the pseudo-locale is made from the merge). Today's one extra is `makers`: the
// maze editor's and the published mazes' pages (`editor.`, `maze_page.`, `maze_card.`, `mazes.`, and the
// refusals only the editor's requests get).
//
// A message is a string with named placeholders, "{name}", or a plural object keyed by the categories
// of Intl.PluralRules ({"one": "...", "other": "..."}; zh-CN has "other" only), chosen by the `count`
// placeholder. Numbers, race times and dates go through Intl. A sentence is always one whole message:
// never glue translated pieces together. docs/translating.md is the guide.

import { loadPref, savePref } from './storage.js';
import { fillChinese } from './chinese-spacing.js';

/** @typedef {'en' | 'zh-CN' | 'en-XA'} Language */
/** @typedef {string | Partial<Record<Intl.LDMLPluralRule, string>>} Message */
/** @typedef {Record<string, Message>} Catalogue */
/** @typedef {Record<string, string | number>} Params */

/** The languages a player can choose, as the switch lists them (en-XA is for tests only). */
export const LANGUAGES = /** @type {const} */ (['en', 'zh-CN']);
/** The pseudo-locale: English made longer and accented, to spot text that is not from a catalogue. */
export const PSEUDO = 'en-XA';
const SAVED = 'lang';

/**
 * A language tag as one of ours, or null: zh, zh-CN, zh-Hans, zh-TW... are zh-CN (the one Chinese
 * catalogue), en and en-* are en; en-XA only when `pseudo` is allowed (the ?lang= of a test), never
 * from a saved choice or the browser.
 * @param {string | null | undefined} tag
 * @param {boolean} [pseudo]
 * @returns {Language | null}
 */
export function normalise(tag, pseudo = false) {
  const lower = (tag || '').trim().toLowerCase();
  if (lower === PSEUDO.toLowerCase()) return pseudo ? PSEUDO : null;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return null;
}

/**
 * The language to show: the address's ?lang=, then the player's saved choice, then the first of the
 * browser's languages we have, then English.
 * @param {{query?: string | null, saved?: string | null, languages?: readonly string[]}} sources
 * @returns {Language}
 */
export function chooseLanguage({ query, saved, languages = [] }) {
  const asked = normalise(query, true) ?? normalise(saved);
  if (asked) return asked;
  for (const tag of languages) {
    const found = normalise(tag);
    if (found) return found;
  }
  return 'en';
}

const ACCENTED = /** @type {Record<string, string>} */ ({
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
});
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * One English text as the pseudo-locale shows it: letters accented (placeholders kept as they are),
 * about 40 % longer, wrapped in ⟦ ⟧, so text that is not from the catalogue, and a box too small for a
 * longer language, both show.
 * @param {string} text
 */
export function pseudoText(text) {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : part.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch)))
    .join('');
  return '⟦' + accented + '·'.repeat(Math.ceil(text.length * 0.4)) + '⟧';
}

/**
 * The pseudo-locale's catalogue, made from the English one.
 * @param {Catalogue} english
 * @returns {Catalogue}
 */
export function pseudoCatalogue(english) {
  /** @type {Catalogue} */
  const out = {};
  for (const [key, message] of Object.entries(english)) {
    out[key] = typeof message === 'string'
      ? pseudoText(message)
      : Object.fromEntries(Object.entries(message).map(([form, text]) => [form, pseudoText(text ?? '')]));
  }
  return out;
}

/**
 * A translator over one catalogue: `t(key, params)` and the Intl formatters of its language.
 * @param {Language} language
 * @param {Catalogue} catalogue
 * @param {(text: string) => void} [warn] told once of each missing key
 */
export function translator(language, catalogue, warn = (text) => console.warn(text)) {
  const intl = language === PSEUDO ? 'en' : language;
  const plurals = new Intl.PluralRules(intl);
  const numbers = new Intl.NumberFormat(intl);
  const chinese = language.startsWith('zh');
  const seconds = new Intl.NumberFormat(intl, {
    minimumIntegerDigits: 2, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false,
  });
  const minutes = new Intl.NumberFormat(intl, { useGrouping: false });
  /** @type {Set<string>} */
  const missing = new Set();

  /**
   * The message for `key` with its placeholders filled; a plural message picks its form by
   * `params.count`. A key the catalogue lacks comes back as itself (and is reported once).
   * @param {string} key
   * @param {Params} [params]
   * @returns {string}
   */
  function t(key, params = {}) {
    const message = catalogue[key];
    if (message == null) {
      if (!missing.has(key)) {
        missing.add(key);
        warn('i18n: no ' + language + ' message for ' + key);
      }
      return key;
    }
    const text = typeof message === 'string'
      ? message
      : message[plurals.select(Number(params.count ?? 0))] ?? message.other ?? '';
    /** @param {string} name */
    const valueOf = (name) => {
      const value = params[name];
      if (value == null) return null;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    };
    if (chinese) return fillChinese(text, valueOf);
    return text.replace(PLACEHOLDER, (whole, name) => valueOf(name) ?? whole);
  }

  /** Whether the catalogue has `key`. @param {string} key */
  const has = (key) => catalogue[key] != null;

  /** A number in the language's way. @param {number} value @param {Intl.NumberFormatOptions} [options] */
  const formatNumber = (value, options) =>
    options ? new Intl.NumberFormat(intl, options).format(value) : numbers.format(value);

  /**
   * A race time in ms as m:ss.t, the one writer of race times (whole tenths, cut, never rounded up, as
   * race-time.js explains; '–' for none), in the language's digits and decimal sign.
   * @param {number | null | undefined} ms
   */
  function formatRaceTime(ms) {
    if (ms == null || !Number.isFinite(ms)) return '–';
    const tenths = Math.floor(Math.max(0, ms) / 100);
    return minutes.format(Math.floor(tenths / 600)) + ':' + seconds.format((tenths % 600) / 10);
  }

  /**
   * A date (or a time in ms since 1970) in the language's way.
   * @param {Date | number} when
   * @param {Intl.DateTimeFormatOptions} [options] the date's medium form when left out
   */
  const formatDate = (when, options = { dateStyle: 'medium' }) =>
    new Intl.DateTimeFormat(intl, options).format(when);

  return { language, t, has, formatNumber, formatRaceTime, formatDate };
}

/**
 * The page's catalogue in `language`, fetched beside this module (so it rides the versioned /static/
 * prefix and its year-long cache): the main one and each extra the page declares (`declared`, the
 * names in its root element's data-catalogues, from our own HTML), in parallel, merged (no key is in
 * two files: the catalogue test sees to it). Each file is English if its language's cannot be had, and
 * empty if neither can (the pages then keep the English their HTML holds). The pseudo-locale is made
 * from the English merge.
 * @param {Language} language
 * @param {string | undefined} declared
 * @returns {Promise<Catalogue>}
 */
async function loadCatalogue(language, declared) {
  const file = language === PSEUDO ? 'en' : language;
  /** @param {string} folder '' or an extra's name and a slash @returns {Promise<Catalogue>} */
  const load = async (folder) => {
    for (const name of file === 'en' ? ['en'] : [file, 'en']) {
      try {
        const response = await fetch(new URL('../../i18n/' + folder + name + '.json', import.meta.url));
        if (response.ok) return await response.json();
      } catch {
        /* the next one, or none */
      }
    }
    return {};
  };
  const folders = ['', ...(declared || '').split(' ').filter(Boolean).map((name) => name + '/')];
  /** @type {Catalogue} */
  const merged = Object.assign({}, ...(await Promise.all(folders.map(load))));
  return language === PSEUDO ? pseudoCatalogue(merged) : merged;
}

const inBrowser = typeof document !== 'undefined' && typeof location !== 'undefined';

/** @returns {Language} */
function pageLanguage() {
  const query = new URLSearchParams(location.search).get('lang');
  const chosen = chooseLanguage({
    query,
    saved: /** @type {string | null} */ (loadPref(SAVED, null)),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  const asked = normalise(query);
  if (asked) savePref(SAVED, asked); // a link's ?lang= holds for the rest of the visit (not en-XA)
  return chosen;
}

/** The language of this page. */
export const language = inBrowser ? pageLanguage() : 'en';
const current = translator(language, inBrowser ? await loadCatalogue(language, document.documentElement.dataset?.catalogues) : {});
if (inBrowser) document.documentElement.lang = language;

export const t = current.t;
export const has = current.has;
export const formatNumber = current.formatNumber;
export const formatRaceTime = current.formatRaceTime;
export const formatDate = current.formatDate;

/**
 * Save the player's choice of language (the switch does, then reloads the page).
 * @param {string} tag
 */
export function saveLanguage(tag) {
  const chosen = normalise(tag);
  if (chosen) savePref(SAVED, chosen);
}

/**
 * Fill the elements the HTML marks with catalogue keys: `data-i18n="key"` sets the text, and
 * `data-i18n-attr="aria-label:key; placeholder:key; title:key"` sets attributes. A key the catalogue
 * lacks leaves the element's English as it is.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    const key = node.getAttribute('data-i18n') || '';
    if (has(key)) node.textContent = t(key);
  }
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of (node.getAttribute('data-i18n-attr') || '').split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key && has(key)) node.setAttribute(attribute, t(key));
    }
  }
}

/**
 * A server's refusal as the player reads it: the catalogue's `error.<code>`, or the server's own
 * (English) message for a code this client does not know.
 * @param {{code?: string | null, message?: string | null} | null | undefined} error
 */
export function serverMessage(error) {
  const key = 'error.' + (error?.code ?? '');
  if (error?.code && has(key)) return t(key);
  return error?.message || t('error.unknown');
}
