// The bot choices, speeds and badges (web/js/bots.js). The table in labels.js is checked against the
// server's own kinds, names and speeds by tests/browser/test_bots_in_browser.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_BOT, botBadge, botChoices, readSpeed } from '../../web/js/bots.js';
import { BOT_KINDS, BOT_SPEEDS } from '../../web/js/labels.js';

test('without bots in the rules, the choices are the table in labels.js, each with a line on how it walks', () => {
  const choices = botChoices({ settings: {} });
  assert.deepEqual(
    choices.kinds.map((k) => [k.kind, k.name]),
    [
      ['dfs', 'DFS bot'],
      ['wall', 'Wall bot'],
      ['tremaux', 'Trémaux bot'],
      ['bfs', 'BFS bot'],
      ['shortest', 'Shortest bot'],
    ],
  );
  for (const k of choices.kinds) assert.ok(k.about.length > 20 && !k.about.includes('\n'), k.kind);
  assert.deepEqual([choices.min, choices.max], [BOT_SPEEDS.min, BOT_SPEEDS.max]);
  assert.deepEqual(botChoices(null), choices);
  assert.ok(Object.hasOwn(BOT_KINDS, DEFAULT_BOT.kind));
});

test("the server's bots in the rules win: its kinds in its order, its names and speeds", () => {
  const rules = { bots: { kinds: ['shortest', 'dfs', 'spiral'], names: { dfs: 'Stack bot', spiral: 'Spiral bot' }, min_speed: 2, max_speed: 12 } };
  const choices = botChoices(rules);
  assert.deepEqual(
    choices.kinds.map((k) => [k.kind, k.name]),
    [
      ['shortest', 'Shortest bot'],
      ['dfs', 'Stack bot'],
      ['spiral', 'Spiral bot'],
    ],
  );
  assert.equal(choices.kinds[2].about, '', 'a kind the client has no line for is still offered');
  assert.deepEqual([choices.min, choices.max], [2, 12]);
});

test('malformed bots in the rules fall back to the table, part by part', () => {
  const choices = botChoices({ bots: { kinds: [], names: null, min_speed: '1', max_speed: 0.5 } });
  assert.equal(choices.kinds.length, Object.keys(BOT_KINDS).length);
  assert.deepEqual([choices.min, choices.max], [BOT_SPEEDS.min, BOT_SPEEDS.max]);
  assert.equal(botChoices({ bots: { min_speed: 30 } }).max, BOT_SPEEDS.max, 'a min above the max keeps the default max');
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
  assert.equal(botBadge({ kind: '<img src=x onerror=alert(1)>', speed: 3 }).text, 'bot · <img src=x onerror=alert(1)> · 3/s', 'plain text: the page puts it in with textContent');
  for (const person of [undefined, null, false, '', {}, { speed: 3 }, 7]) assert.equal(botBadge(person), null, String(person));
});
