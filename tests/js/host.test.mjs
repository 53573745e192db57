// The host tools' pure parts: the join preview's facts (web/js/panels/preview.js), the reaction set and who
// shows what (web/js/panels/reactions.js), and who may take the host role or a seat (web/js/panels/host-tools.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { previewFacts } from '../../web/js/panels/preview.js';
import { ReactionBoard, SHOW_MS, reactionSet } from '../../web/js/panels/reactions.js';
import { mayHost, seatOpen } from '../../web/js/panels/host-tools.js';
import { translator } from '../../web/js/common/i18n.js';

const catalogue = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));
const english = translator('en', catalogue('en')).t;
const chinese = translator('zh-CN', catalogue('zh-CN')).t;

const settings = { preset: 'easy', rows: 10, cols: 10, algorithm: 'backtracker', hint_limit: 3, hint_penalty: 5, directions: 4, fog: false, max_players: 3 };
const summary = (extra) => ({ phase: 'lobby', players: 2, spectators: 1, max_players: 3, full: false, locked: false, ranked: true, settings, roster: [], ...extra });

test('the preview names the players with their state, and says whether a seat is free', () => {
  const facts = previewFacts(
    summary({
      roster: [
        { name: 'Ann', colour: '#0072B2', host: true, ready: false, connected: true, finished: false },
        { name: 'DFS bot', colour: '#E69F00', host: false, ready: true, connected: true, finished: false, bot: 'dfs' },
      ],
    }),
    english,
  );
  assert.equal(facts.heading, 'In the lobby · 2/3 players · 1 watching');
  assert.match(facts.settings, /^Easy 10×10 · /, 'the settings summary');
  assert.match(facts.settings, /ranked$/);
  assert.deepEqual(facts.players.map((p) => [p.name, p.tags]), [
    ['Ann', ['host']], // the host starts the race: never "not ready", as in the lobby
    ['DFS bot', ['bot', 'ready']],
  ]);
  assert.equal(facts.seatsOpen, true);
  assert.equal(previewFacts(summary({ full: true }), english).seat, 'Every seat is taken: you can watch.');
  assert.equal(previewFacts(summary({ locked: true })).seatsOpen, false);
  assert.match(previewFacts(summary({ phase: 'racing' }), english).seat, /race is on/);
  assert.match(previewFacts(summary({ ranked: false }), english).settings, /not ranked$/);
  assert.equal(previewFacts(null), null);
  assert.equal(previewFacts({ error: { code: 'unknown_room' } }), null);
  const zh = previewFacts(summary({ players: 1, spectators: 0, locked: true }), chinese);
  assert.equal(zh.heading, '大厅中 · 1/3 位选手 · 0 人观战');
  assert.equal(zh.seat, '房主锁定了房间：你可以观战。');
});

test('a racing preview tells who finished, not who is ready', () => {
  const facts = previewFacts(summary({ phase: 'racing', roster: [{ name: 'Ann', host: true, ready: true, connected: false, finished: true }] }));
  assert.deepEqual(facts.players[0].tags, ['host', 'away', 'finished']);
});

test('reactions come only from the served set, and each shows for a few seconds', () => {
  const set = reactionSet({ reactions: [{ key: 'gg', emoji: '👍', label: 'GG' }, { key: 'bad' }, null] });
  assert.deepEqual(set, [{ key: 'gg', emoji: '👍', label: 'GG' }]);
  assert.deepEqual(reactionSet({}), []);
  const board = new ReactionBoard(set);
  assert.equal(board.note({ id: 'p1', reaction: '<b>' }, 0), null);
  assert.equal(board.note({ id: 7, reaction: 'gg' }, 0), null);
  assert.equal(board.note({ id: 'p1', reaction: 'gg' }, 1000).emoji, '👍');
  assert.equal(board.of('p1', 1000 + SHOW_MS - 1).key, 'gg');
  assert.equal(board.of('p1', 1000 + SHOW_MS), null);
  assert.equal(board.of('p2', 0), null);
});

test('the host role goes to a connected person; a seat is open to a spectator between races', () => {
  const players = [
    { id: 'p1', connected: true },
    { id: 'p2', connected: true },
    { id: 'p3', connected: false },
    { id: 'p4', connected: true, bot: { kind: 'dfs', speed: 5 } },
  ];
  const state = { you: { id: 'p1', role: 'player' }, isHost: () => true, players, phase: 'lobby', locked: false, settings: { max_players: 5 } };
  assert.deepEqual(players.filter((p) => mayHost(state, p)).map((p) => p.id), ['p2']);
  assert.equal(mayHost({ ...state, isHost: () => false }, players[1]), false);
  assert.equal(seatOpen(state), false); // a player
  const watcher = { ...state, you: { id: 's9', role: 'spectator' } };
  assert.equal(seatOpen(watcher), true);
  assert.equal(seatOpen({ ...watcher, phase: 'finished' }), true);
  assert.equal(seatOpen({ ...watcher, phase: 'racing' }), false);
  assert.equal(seatOpen({ ...watcher, locked: true }), false);
  assert.equal(seatOpen({ ...watcher, settings: { max_players: 4 } }), false);
});
