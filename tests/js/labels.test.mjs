// The labels of the rules' values (web/js/common/labels.js). Outside a browser the catalogue is not
// loaded, so a label reads as its catalogue key: these check that every key is in both catalogues.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as labels from '../../web/js/common/labels.js';

const { ALGORITHM_LABELS, METHOD_LABELS, labelOf, labelled, presetLabel, presetWithSize } = labels;
const read = (name) => JSON.parse(readFileSync(new URL('../../web/i18n/' + name + '.json', import.meta.url), 'utf8'));
const catalogues = { en: read('en'), 'zh-CN': read('zh-CN') };

test("the server's values get their labels, in the labels' order; unknown ones show as themselves, last", () => {
  assert.deepEqual(labelled(['classic', 'maze9', 'prim'], ALGORITHM_LABELS), [
    ['prim', 'algorithm.prim'],
    ['classic', 'algorithm.classic'],
    ['maze9', 'maze9'],
  ]);
  assert.equal(labelOf(METHOD_LABELS, 'bfs'), 'method.bfs');
  assert.equal(labelOf(METHOD_LABELS, 'ida'), 'ida');
  assert.equal(labelOf(METHOD_LABELS, 'constructor'), 'constructor', 'only its own values');
  assert.equal(presetLabel('medium'), 'settings.preset.medium');
  assert.equal(presetLabel('giant'), 'giant');
  assert.equal(presetWithSize('easy', 10, 10), 'settings.preset_size');
});

test('every label is a message in both catalogues', () => {
  const tables = Object.entries(labels).filter(([, value]) => value && typeof value === 'object');
  assert.ok(tables.length >= 10, tables.map(([name]) => name).join());
  for (const [name, table] of tables) {
    for (const [value, label] of Object.entries(table)) {
      for (const key of typeof label === 'string' ? [label] : Object.values(label)) {
        for (const [language, catalogue] of Object.entries(catalogues)) assert.ok(key in catalogue, `${name}.${value}: ${key} in ${language}`);
      }
    }
  }
});
