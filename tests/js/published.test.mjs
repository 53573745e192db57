// The published mazes' pure parts: reading a share code from what a player pastes, the maze's card in
// words, the settings line for a room on a published maze, and the still picture's fitted scale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mazeUrl, parseMazeCode } from '../../web/js/model/share-code.js';
import { mazeFacts } from '../../web/js/panels/maze-facts.js';
import { describeSettings } from '../../web/js/panels/settings.js';
import { fittedUnit } from '../../web/js/render/maze-picture.js';

test('a share code is read from a code, a /m/ path or a whole link, in any case', () => {
  assert.equal(parseMazeCode('7k2m9xqp'), '7k2m9xqp');
  assert.equal(parseMazeCode('  7K2M9XQP \n'), '7k2m9xqp');
  assert.equal(parseMazeCode('/m/7k2m9xqp'), '7k2m9xqp');
  assert.equal(parseMazeCode('https://maze.example/m/7k2m9xqpab?x=1#top'), '7k2m9xqpab');
  assert.equal(parseMazeCode('0123456789abcdef'), '0123456789abcdef', '16 characters, the longest');
});

test('anything else is no code: too short or long, letters Crockford leaves out, a room link', () => {
  for (const text of ['', '7k2m9xq', '0123456789abcdefg', '7k2m9xqi', 'olu00000', '7k2m 9xqp', '/r/7k2m9xqp', null, undefined, '<b>7k2m9xqp</b>']) {
    assert.equal(parseMazeCode(text), null, String(text));
  }
  assert.equal(mazeUrl('7k2m9xqp'), '/m/7k2m9xqp');
});

test("the maze's card in the words the page shows", () => {
  const card = { solvable: true, shortest: 17, shortest_routes: 3, dead_ends: 12, decision_points: 9, loops: 2 };
  assert.deepEqual(mazeFacts(card), [
    ['Way out', 'from the entrance to the exit'],
    ['Shortest way', '17 steps'],
    ['Shortest ways', '3'],
    ['Dead ends', '12'],
    ['Junctions', '9'],
    ['Loops', '2'],
  ]);
  const perfect = mazeFacts({ ...card, shortest: 1, shortest_routes: '123456789012345678901', loops: 0 });
  assert.deepEqual(perfect[1], ['Shortest way', '1 step']);
  assert.deepEqual(perfect[2], ['Shortest ways', 'about 1.23 × 10^20'], 'a count too big for a number comes as digits');
  assert.deepEqual(perfect[5], ['Loops', 'none: one way between any two cells']);
});

test('an unsolvable card says so, and a missing card shows nothing', () => {
  const facts = mazeFacts({ solvable: false, shortest: null, shortest_routes: null, dead_ends: 0, decision_points: 0, loops: 0 });
  assert.deepEqual(facts.slice(0, 3), [
    ['Way out', 'none: the exit cannot be reached'],
    ['Shortest way', 'none'],
    ['Shortest ways', 'none'],
  ]);
  assert.deepEqual(mazeFacts(null), []);
  assert.deepEqual(mazeFacts(undefined), []);
});

test("a room on a published maze is summed up by the maze's title (its code until that is known)", () => {
  const base = { preset: 'custom', rows: 12, cols: 9, algorithm: 'backtracker', hint_limit: 0, directions: 4, maze: '7k2m9xqp' };
  assert.equal(describeSettings(base), 'Hand-made maze “7k2m9xqp” 12×9 · no hints');
  assert.equal(describeSettings(base, 'Spiral <b>'), 'Hand-made maze “Spiral <b>” 12×9 · no hints');
  assert.equal(describeSettings({ ...base, directions: 8, fog: true, vision: 2 }, 'X'), 'Hand-made maze “X” 12×9 · 8 directions · fog (vision 2) · no hints');
  assert.equal(describeSettings({ ...base, maze: null }), 'Custom size 12×9 · Long winding corridors · no hints');
});

test('the still picture fills the width, keeps under the height cap, and keeps whole device pixels', () => {
  assert.equal(fittedUnit(10, 10, 420, 1000), 20); // 21 units across
  assert.equal(fittedUnit(10, 10, 1000, 210), 10, 'the height cap wins');
  assert.equal(fittedUnit(10, 10, 430, 1000, 2), 20, '40.95 device pixels a unit rounded down to 40');
  assert.equal(fittedUnit(10, 10, 430, 1000, 2, false), 430 / 21, 'an 8-direction picture takes the whole width');
  const small = fittedUnit(150, 150, 300, 300); // under 1 px a unit: kept as it is, never 0
  assert.ok(small > 0 && small < 1, String(small));
  for (const dpr of [1, 1.5, 2, 3]) {
    const unit = fittedUnit(37, 23, 777, 900, dpr);
    assert.ok(unit * 75 <= 777, `fits at dpr ${dpr}`);
    assert.equal(Math.round(unit * dpr * 1e9) % 1e9, 0, `whole device pixels at dpr ${dpr}`);
  }
});
