// The bot choices, speeds and badges (web/js/model/bots.js), against a copy of GET /api/rules
// (tests/js/fixtures/rules.json, whose `bots` tests/browser/test_bots_in_browser.py checks against the
// real server's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_BOT, botBadge, botChoices, botName, readSpeed } from '../../web/js/model/bots.js';
import { BOT_LABELS } from '../../web/js/common/labels.js';

const rules = JSON.parse(readFileSync(new URL('./fixtures/rules.json', import.meta.url), 'utf8'));
const english = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'));

test("the choices are the server's kinds and speeds, named from the catalogue, each kind with a line on how it walks", () => {
  const choices = botChoices(rules);
  assert.deepEqual(
    choices.kinds.map((k) => [k.kind, k.name]),
    rules.bots.kinds.map((/** @type {string} */ kind) => [kind, english[`bot.${kind}.name`]]),
  );
  assert.equal(choices.kinds[0].name, 'DFS bot');
  for (const k of choices.kinds) assert.equal(k.about, english[`bot.${k.kind}.about`], 'named and described from the catalogue, by kind');
  assert.deepEqual([choices.min, choices.max], [rules.bots.min_speed, rules.bots.max_speed]);
  assert.deepEqual(choices.pick, DEFAULT_BOT, 'a DFS bot at 5 moves a second');
  assert.deepEqual(Object.keys(BOT_LABELS), rules.bots.kinds, 'every kind the server has is labelled');
});

test("a kind the client has no words for is offered under the server's name; the pick keeps within the server's bounds", () => {
  const choices = botChoices({ bots: { kinds: ['spiral', 'shortest'], names: { spiral: 'Spiral bot' }, min_speed: 6, max_speed: 12 } });
  assert.deepEqual(
    choices.kinds.map((k) => [k.kind, k.name, k.about === '']),
    [
      ['spiral', 'Spiral bot', true],
      ['shortest', 'Shortest bot', false],
    ],
  );
  assert.deepEqual(choices.pick, { kind: 'spiral', speed: 6 }, 'no dfs here, and 5 is too slow');
  assert.equal(botChoices({ bots: { kinds: ['dfs'], names: {}, min_speed: 1, max_speed: 3 } }).pick.speed, 3);
});

test('without well-formed bots in the rules there is nothing to offer', () => {
  for (const bad of [null, {}, { bots: null }, { bots: { kinds: [] , min_speed: 1, max_speed: 20 } }, { bots: { kinds: ['dfs'], min_speed: '1', max_speed: 20 } }, { bots: { kinds: ['dfs'], min_speed: 9, max_speed: 2 } }]) {
    assert.equal(botChoices(bad), null, JSON.stringify(bad));
  }
});

test('a speed is a whole number of moves a second within the bounds; anything else names them', () => {
  const bounds = { min: 1, max: 20 };
  assert.deepEqual(readSpeed('5', bounds), { speed: 5 });
  assert.deepEqual(readSpeed(' 20 ', bounds), { speed: 20 });
  assert.deepEqual(readSpeed('1', bounds), { speed: 1 });
  for (const bad of ['', '0', '21', '2.5', 'fast', '-3', '1e9']) {
    assert.equal(readSpeed(bad, bounds).error, "A bot's speed is a whole number of moves a second from 1 to 20", bad);
  }
});

test("a bot's badge says bot, its kind and (on a player entry) its speed; people have none", () => {
  assert.deepEqual(botBadge({ kind: 'dfs', speed: 5 }), { text: 'bot · DFS · 5/s', title: 'a DFS bot, 5 moves a second' });
  assert.deepEqual(botBadge({ kind: 'tremaux', speed: 1 }), { text: 'bot · Trémaux · 1/s', title: 'a Trémaux bot, 1 move a second' });
  assert.deepEqual(botBadge('bfs'), { text: 'bot · BFS', title: 'a BFS bot' }, "a result row's kind");
  assert.equal(botBadge('spiral').text, 'bot · spiral', 'an unknown kind shows as itself');
  assert.equal(botBadge('constructor').text, 'bot · constructor');
  assert.equal(botBadge({ kind: '<img src=x onerror=alert(1)>', speed: 3 }).text, 'bot · <img src=x onerror=alert(1)> · 3/s', 'plain text: the page puts it in with textContent');
  for (const person of [undefined, null, false, '', {}, { speed: 3 }, 7]) assert.equal(botBadge(person), null, String(person));
});

test("a bot's name is said in the page's words, keeping the number the server gave it beside another", () => {
  assert.equal(botName({ kind: 'dfs', speed: 5 }, 'DFS bot'), english['bot.dfs.name']);
  assert.equal(botName('wall', 'Wall bot 2'), `${english['bot.wall.name']} 2`);
  assert.equal(botName({ kind: 'zigzag', speed: 5 }, 'Zigzag bot'), 'Zigzag bot', 'a kind the page has no words for');
});
