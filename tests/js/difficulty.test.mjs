import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRows, formatCount, resultsNote, shortestRouteLine } from '../../web/js/panels/difficulty.js';

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
    ['Shortest ways', 'about 1.23 × 10^17'],
    ['Junctions on the way', '4 (places on the shortest way with more than one way on)'],
    ['Dead ends', '11 (11% of the cells)'],
    ['Longest dead end', '1 step'],
    ['Cells every way passes', '7 of the 17 on the shortest way: the rest can be gone around'],
  ]);
  assert.deepEqual(cardRows(null), []);
});

test('the cells every way passes show only when they tell something', () => {
  // A maze without loops: every cell of the shortest way but the entrance and the exit is one.
  const perfect = { solution_length: 30, dead_ends: 20, dead_end_share: 0.2, decision_points: 9, longest_dead_end: 6, shortest_paths: 1, bottlenecks: 29 };
  const labels = cardRows(perfect).map(([label]) => label);
  assert.ok(!labels.includes('Cells every way passes'), labels.join());
  assert.ok(!cardRows(perfect).some(([label, text]) => /bottleneck/i.test(label + text)));
  assert.ok(cardRows({ ...perfect, bottlenecks: 12 }).some(([label]) => label === 'Cells every way passes'));
  assert.doesNotMatch(resultsNote(30).map((part) => part.text).join(' '), /final trail/);
  assert.deepEqual(resultsNote(null), []);
});

test("the results' note explains each column in a part of its own, folded away with its column", () => {
  assert.deepEqual(
    resultsNote(30).map((part) => part.column),
    ['', 'route', 'efficiency'],
  );
  assert.match(resultsNote(30)[0].text, /30 steps/);
  assert.match(resultsNote(30)[1].text, /^Route: /);
  assert.match(resultsNote(30)[2].text, /^Efficiency: /);
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
