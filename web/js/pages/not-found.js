// The 404 page (web/not-found.html): its words from the catalogue, and the language switch. The pattern
// every page follows: the HTML marks its text with data-i18n keys (its English stays there for a browser
// without scripts), the page script calls translatePage() and mounts the switch in the header.
import { translatePage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));
