import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALGORITHM_LABELS, METHOD_LABELS, labelOf, labelled, presetLabel } from '../../web/js/common/labels.js';

test("the server's values get their labels, in the labels' order; unknown ones show as themselves, last", () => {
  assert.deepEqual(labelled(['classic', 'maze9', 'prim'], ALGORITHM_LABELS), [
    ['prim', 'Randomized Prim'],
    ['classic', 'Classic (random fill, loops)'],
    ['maze9', 'maze9'],
  ]);
  assert.equal(labelOf(METHOD_LABELS, 'bfs'), 'BFS (queue)');
  assert.equal(labelOf(METHOD_LABELS, 'ida'), 'ida');
  assert.equal(presetLabel('medium'), 'Medium');
});
