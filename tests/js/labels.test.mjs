// The labels of the rules' values (web/js/common/labels.js), read in English (the tests load the English
// catalogue as a page does): each is a message of the catalogue, never a key left unfound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as labels from '../../web/js/common/labels.js';

const { ALGORITHM_LABELS, METHOD_LABELS, labelOf, labelled, mazeWords, presetLabel, presetWithSize } = labels;
const read = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));
const english = read('en');

test("the server's values get their labels, in the labels' order; unknown ones show as themselves, last", () => {
  assert.deepEqual(labelled(['classic', 'maze9', 'prim'], ALGORITHM_LABELS), [
    ['prim', 'Randomized Prim'],
    ['classic', 'Classic (random fill, loops)'],
    ['maze9', 'maze9'],
  ]);
  assert.equal(labelOf(METHOD_LABELS, 'bfs'), 'BFS (queue)');
  assert.equal(labelOf(METHOD_LABELS, 'ida'), 'ida');
  assert.equal(labelOf(METHOD_LABELS, 'constructor'), 'constructor', 'only its own values');
  assert.equal(presetLabel('medium'), 'Medium');
  assert.equal(presetLabel('giant'), 'giant');
  assert.equal(presetWithSize('easy', 10, 10), 'Easy 10 × 10');
});

test('every label is an English message, never a key the catalogue lacks', () => {
  const tables = Object.entries(labels).filter(([, value]) => value && typeof value === 'object');
  assert.ok(tables.length >= 10, tables.map(([name]) => name).join());
  const messages = new Set(Object.values(english).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m))));
  for (const [name, table] of tables) {
    for (const [value, label] of Object.entries(table)) {
      for (const text of typeof label === 'string' ? [label] : Object.values(label)) assert.ok(messages.has(text), `${name}.${value}: ${text}`);
    }
  }
});

test('a maze in plain words: a published one is hand-made whatever generator its room had picked', () => {
  assert.equal(mazeWords({ algorithm: 'backtracker' }), 'Long winding corridors');
  assert.equal(mazeWords({ algorithm: 'backtracker', maze: 'k2m9x4q7' }), 'Hand-made maze');
  assert.equal(mazeWords({ algorithm: 'growing-tree', bias: 'newest' }), 'Corridors or dead ends, as you choose (newest)');
});
