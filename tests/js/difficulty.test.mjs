import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRows, formatCount, shortestRouteLine } from '../../web/js/panels/difficulty.js';

test('counts show exactly while a number holds them, and as a power of ten beyond', () => {
  assert.equal(formatCount(1), '1');
  assert.equal(formatCount(12345), '12,345');
  assert.equal(formatCount('9007199254740993'), 'about 9.00 × 10^15');
  assert.equal(formatCount('123456789012345'), '123,456,789,012,345');
  assert.equal(formatCount('2' + '0'.repeat(36)), 'about 2.00 × 10^36');
  assert.equal(formatCount('<b>1</b>'), '–'); // anything else from the wire is shown as nothing
  assert.equal(formatCount(null), '–');
});

test("the card's rows come in order, with plain text", () => {
  const card = {
    cells: 100, solution_length: 18, dead_ends: 11, dead_end_share: 0.11, decision_points: 4,
    longest_dead_end: 1, shortest_paths: '123456789012345678', bottlenecks: 7,
  };
  assert.deepEqual(cardRows(card), [
    ['Shortest way', '18 steps'],
    ['Shortest routes', 'about 1.23 × 10^17'],
    ['Decision points', '4'],
    ['Dead ends', '11 (11% of cells)'],
    ['Longest dead end', '1 step'],
    ['Bottlenecks', '7'],
  ]);
  assert.deepEqual(cardRows(null), []);
});

test('the results line says how many shortest routes there were and who took one', () => {
  const results = [
    { name: 'Ann', on_shortest: true },
    { name: 'Bob', on_shortest: false },
    { name: 'Cy', on_shortest: null },
  ];
  assert.equal(shortestRouteLine(results, 3, 18), 'The maze had 3 shortest routes of 18 steps. On a shortest route: Ann.');
  assert.equal(shortestRouteLine(results.slice(1), 1, 18), 'The maze had one shortest route (18 steps). Nobody took one.');
  assert.equal(shortestRouteLine(results, null, 18), ''); // a race stored before the count
});
