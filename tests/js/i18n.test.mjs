import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  chooseLanguage, normalise, pseudoCatalogue, pseudoText, translator, serverMessage, t,
} from '../../web/js/common/i18n.js';
import { formatRaceTime as formatTime } from '../../web/js/common/i18n.js'; // the page's own (English here)

const read = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));
const en = read('en');
const zh = read('zh-CN');
const makersZh = read('makers/zh-CN');

const sample = {
  'room.players': { one: '{count} player, {ready} ready', other: '{count} players, {ready} ready' },
  'room.welcome': 'Welcome, {name}!',
};
const sampleZh = {
  'room.players': { other: '{count} 位选手，{ready} 位已准备' },
  'room.welcome': '欢迎你，{name}！',
};

test('placeholders are filled by name; numbers in the language\'s way; unknown ones stay', () => {
  const { t } = translator('en', sample);
  assert.equal(t('room.welcome', { name: 'Ana' }), 'Welcome, Ana!');
  assert.equal(t('room.welcome'), 'Welcome, {name}!');
  assert.equal(t('room.players', { count: 1200, ready: 3 }), '1,200 players, 3 ready');
  assert.equal(translator('zh-CN', sampleZh).t('room.welcome', { name: '小明' }), '欢迎你，小明！');
});

test('in Chinese a placeholder is spaced from the text beside it for Latin values only', () => {
  const { t: zt } = translator('zh-CN', zh);
  assert.equal(zt('room.event.host_other', { name: 'Ann' }), 'Ann 现在是房主。');
  assert.equal(zt('room.event.host_other', { name: '小明' }), '小明现在是房主。');
  const dfs = zt('method.dfs');
  assert.ok(zt('room.hint.way_for_steps', { method: dfs, where: '上', count: 3 }).startsWith('DFS（栈）提示：'));
  assert.ok(zt('room.hint.way_for_steps', { method: 'A*', where: '上', count: 3 }).startsWith('A* 提示：'));
  const { t: size } = translator('zh-CN', { k: '迷宫 {preset} {rows} × {cols}' });
  assert.equal(size('k', { preset: '简单', rows: 10, cols: 10 }), '迷宫简单 10 × 10', 'Latin keeps its space');
  const { t: mt } = translator('zh-CN', makersZh); // a label and its value stay apart: 作者：走迷宫, not 作者走迷宫
  assert.equal(mt('maze_page.byline', { author: '走迷宫', size: '7×7 格' }), '作者：走迷宫 · 7×7 格');
  assert.equal(mt('mazes.by', { author: '走迷宫', date: '12月4日' }), '作者：走迷宫，12月4日');
  const { t: et } = translator('en', { k: '{a} and {b}' });
  assert.equal(et('k', { a: '小明', b: 'Ann' }), '小明 and Ann', 'other languages keep their spaces');
});

test('plurals follow Intl.PluralRules in each language', () => {
  const english = translator('en', sample).t;
  assert.equal(english('room.players', { count: 1, ready: 0 }), '1 player, 0 ready');
  assert.equal(english('room.players', { count: 0, ready: 0 }), '0 players, 0 ready');
  assert.equal(english('room.players', { count: 2, ready: 1 }), '2 players, 1 ready');
  const chinese = translator('zh-CN', sampleZh).t;
  assert.equal(chinese('room.players', { count: 1, ready: 1 }), '1 位选手，1 位已准备');
  assert.equal(chinese('room.players', { count: 5, ready: 2 }), '5 位选手，2 位已准备');
});

test('a missing key comes back as itself and is reported once', () => {
  const told = [];
  const { t } = translator('en', sample, (text) => told.push(text));
  assert.equal(t('room.nothing'), 'room.nothing');
  assert.equal(t('room.nothing'), 'room.nothing');
  assert.equal(told.length, 1);
  assert.match(told[0], /room\.nothing/);
});

test('the pseudo-locale is accented, at least 1.3 times as long, bracketed, and keeps placeholders', () => {
  for (const [key, message] of Object.entries({ ...en, ...sample })) {
    for (const text of typeof message === 'string' ? [message] : Object.values(message)) {
      const pseudo = pseudoText(text);
      assert.ok(pseudo.startsWith('⟦') && pseudo.endsWith('⟧'), key);
      assert.ok(pseudo.length >= 1.3 * text.length, key + ': ' + pseudo);
      assert.deepEqual(pseudo.match(/\{\w+\}/g), text.match(/\{\w+\}/g), key);
      assert.doesNotMatch(pseudo.replace(/\{\w+\}/g, ''), /[A-Za-z]/, key);
    }
  }
  const { t } = translator('en-XA', pseudoCatalogue(sample));
  const shown = t('room.players', { count: 1, ready: 2 });
  assert.match(shown, /^⟦1 .*2 .*⟧$/);
  assert.notEqual(shown, t('room.players', { count: 2, ready: 2 }).replace('2', '1'), 'the one form is used');
});

test('the language: ?lang=, then the saved choice, then the browser\'s languages, then English', () => {
  assert.equal(chooseLanguage({ query: 'zh', saved: 'en', languages: ['en-GB'] }), 'zh-CN');
  assert.equal(chooseLanguage({ query: 'en', saved: 'zh-CN', languages: ['zh-CN'] }), 'en');
  assert.equal(chooseLanguage({ query: 'en-XA', saved: 'zh-CN' }), 'en-XA');
  assert.equal(chooseLanguage({ query: 'fr', saved: 'zh-CN', languages: ['en'] }), 'zh-CN');
  assert.equal(chooseLanguage({ query: null, saved: null, languages: ['fr-FR', 'zh-TW', 'en'] }), 'zh-CN');
  assert.equal(chooseLanguage({ query: null, saved: null, languages: ['de', 'en-US'] }), 'en');
  assert.equal(chooseLanguage({ query: null, saved: null, languages: ['de'] }), 'en');
  assert.equal(chooseLanguage({}), 'en');
  assert.equal(normalise('en-XA'), null, 'the pseudo-locale only by ?lang=, never saved or from the browser');
  assert.equal(chooseLanguage({ saved: 'en-XA', languages: ['zh'] }), 'zh-CN');
});

test('race times read the same in every language as in English', () => {
  for (const lang of ['en', 'zh-CN', 'en-XA']) {
    const { formatRaceTime } = translator(lang, {});
    for (const ms of [null, undefined, NaN, -5, 0, 99, 9199, 59999, 60000, 754321, 3600000 + 1234]) {
      assert.equal(formatRaceTime(ms), formatTime(ms), lang + ' ' + ms);
    }
  }
});

test('dates go through Intl in the language', () => {
  const when = Date.UTC(2026, 2, 5, 12);
  assert.match(translator('en', {}).formatDate(when, { dateStyle: 'long', timeZone: 'UTC' }), /March 5, 2026/);
  assert.equal(translator('zh-CN', {}).formatDate(when, { dateStyle: 'long', timeZone: 'UTC' }), '2026年3月5日');
});

test('a server error shows by its code, with the server\'s message for an unknown code', () => {
  const english = translator('en', en);
  const chinese = translator('zh-CN', zh);
  assert.equal(english.t('error.room_full'), 'The room is full.');
  assert.equal(chinese.t('error.room_full'), '房间已满。');
  // the page's own catalogue (English in the tests): a known code in its words, an unknown one as sent
  assert.equal(serverMessage({ code: 'room_full', message: 'full' }), 'The room is full.');
  assert.equal(serverMessage({ code: 'brand_new', message: 'a new refusal' }), 'a new refusal');
  assert.equal(serverMessage(null), t('error.unknown'));
});

test('the two catalogues have the same keys, and each message the English one\'s placeholders', () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  const holes = (message) => [...new Set(
    (typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => text.match(/\{\w+\}/g) ?? []),
  )].sort();
  for (const key of Object.keys(en)) assert.deepEqual(holes(zh[key]), holes(en[key]), key);
  for (const [key, message] of Object.entries(zh)) {
    if (typeof message !== 'string') assert.deepEqual(Object.keys(message), ['other'], key);
  }
});

test('a page that declares the makers catalogue reads its words and the main ones through the one t', () => {
  // The fixture is such a page (data-catalogues="makers"): i18n.js merged the two files it fetched.
  const makers = read('makers/en');
  assert.equal(en['mazes.heading'], undefined, 'the makers words are not in the main catalogue');
  assert.equal(t('mazes.heading'), makers['mazes.heading']);
  assert.equal(t('front.made_mazes_heading'), en['front.made_mazes_heading']);
  assert.equal(serverMessage({ code: 'bad_import', message: 'x' }), makers['error.bad_import']);
});
