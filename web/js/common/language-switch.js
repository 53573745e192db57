// The language switch in every page's header: a labelled <select> of the languages, each named in
// itself (English, 中文: the way a player who cannot read the page finds their own), so those names are
// the same in every language and are not in the catalogues. Choosing one saves it and reloads the page
// in it (without a ?lang= that would override the choice).
import { LANGUAGES, language, saveLanguage, t } from './i18n.js';

/** Each language's name in itself. @type {Record<typeof LANGUAGES[number], string>} */
export const LANGUAGE_NAMES = { en: 'English', 'zh-CN': '中文' };

/** Each language's short mark, all a narrow header has room for (the select lies over it, unseen). */
/** @type {Record<string, string>} */
const LANGUAGE_MARKS = { en: 'EN', 'zh-CN': '中' };

/**
 * Build the switch at the end of `header` (a page's `<header class="top">`); returns its <select>, or
 * null when there is no header: `mountLanguageSwitch(document.querySelector('header.top'))`.
 * @param {Element | null} header
 * @returns {HTMLSelectElement | null}
 */
export function mountLanguageSwitch(header) {
  if (!header) return null;
  const label = document.createElement('label');
  label.className = 'language-switch';
  const name = document.createElement('span');
  name.className = 'sr-only';
  name.textContent = t('language.label');
  const select = document.createElement('select');
  select.id = 'language-switch';
  for (const tag of LANGUAGES) {
    const option = document.createElement('option');
    option.value = tag;
    option.lang = tag;
    option.textContent = LANGUAGE_NAMES[tag];
    option.selected = tag === language;
    select.append(option);
  }
  select.addEventListener('change', () => {
    saveLanguage(select.value);
    const url = new URL(location.href);
    url.searchParams.delete('lang');
    if (url.href === location.href) location.reload();
    else location.assign(url.href);
  });
  const mark = document.createElement('span');
  mark.className = 'language-mark';
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = LANGUAGE_MARKS[language] ?? LANGUAGE_MARKS.en;
  label.append(name, mark, select);
  header.append(label);
  return select;
}
