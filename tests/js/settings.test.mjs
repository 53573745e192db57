// The settings form's pure parts against a copy of GET /api/rules (tests/js/fixtures/rules.json, which
// tests/browser/test_eight_in_browser.py checks against the real server's rules, so it cannot go stale).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describeSettings, ruledOut } from '../../web/js/panels/settings.js';
import { ALGORITHM_LABELS, ALGORITHM_PLAIN, BIAS_LABELS, DIRECTION_LABELS, METHOD_ABOUT, METHOD_LABELS, OPENING_LABELS } from '../../web/js/common/labels.js';
import { loadRules, PROTOCOL_VERSION, ProtocolMismatch } from '../../web/js/net/rules.js';

const rules = JSON.parse(readFileSync(new URL('./fixtures/rules.json', import.meta.url), 'utf8'));

test('every value the server offers has a label people can read', () => {
  const lacking = (labels, values) => values.filter((v) => !Object.hasOwn(labels, String(v)));
  assert.deepEqual(lacking(ALGORITHM_LABELS, rules.settings.algorithm.choices), [], 'generators');
  assert.deepEqual(lacking(METHOD_LABELS, rules.settings.hint_methods.choices), [], 'hint methods');
  assert.deepEqual(lacking(OPENING_LABELS, rules.settings.openings.choices), [], 'openings');
  assert.deepEqual(lacking(BIAS_LABELS, rules.settings.bias.choices), [], 'growing-tree biases');
  assert.deepEqual(lacking(DIRECTION_LABELS, rules.settings.directions.choices), [], 'directions');
  assert.deepEqual(lacking(ALGORITHM_PLAIN, rules.settings.algorithm.choices), [], 'generators in plain words');
  assert.deepEqual(lacking(METHOD_ABOUT, rules.settings.hint_methods.choices), [], 'what each hint search does');
  for (const name of rules.eight_direction_algorithms) assert.ok(rules.settings.algorithm.choices.includes(name), name);
});

test('8 directions rule out the generators without an 8-direction form, and they rule out 8 directions', () => {
  const noEight = rules.settings.algorithm.choices.filter((a) => !rules.eight_direction_algorithms.includes(a));
  assert.deepEqual([...noEight].sort(), ['division', 'eller', 'sidewinder']);
  assert.deepEqual(ruledOut(rules, { algorithm: 'backtracker', directions: 8 }), { algorithms: noEight, directions: [] });
  assert.deepEqual(ruledOut(rules, { algorithm: 'backtracker', directions: '8' }).algorithms, noEight, 'as a select says it');
  assert.deepEqual(ruledOut(rules, { algorithm: 'backtracker', directions: 4 }), { algorithms: [], directions: [] });
  assert.deepEqual(ruledOut(rules, { algorithm: 'division', directions: 4 }), { algorithms: [], directions: [8] });
  assert.deepEqual(ruledOut(rules, { algorithm: 'eller', directions: '4' }).directions, [8]);
});

test('a server that names no 8-direction generators rules nothing out', () => {
  const old = { settings: { algorithm: { choices: ['classic', 'division'] } } };
  assert.deepEqual(ruledOut(old, { algorithm: 'division', directions: 8 }), { algorithms: [], directions: [] });
});

const NO_HINTS = 'no hints';
const EASY = 'Easy 10×10';
const WINDING = 'Long winding corridors';

test('the summary says 8 directions and the growing-tree bias', () => {
  const base = { preset: 'easy', rows: 10, cols: 10, algorithm: 'backtracker', hint_limit: 0, directions: 4, bias: 'newest' };
  assert.equal(describeSettings(base), `${EASY} · ${WINDING} · ${NO_HINTS}`);
  assert.equal(describeSettings({ ...base, directions: 8 }), `${EASY} · ${WINDING} · 8 directions · ${NO_HINTS}`);
  assert.equal(describeSettings({ ...base, algorithm: 'growing-tree', bias: 'mixed' }), `${EASY} · Corridors or dead ends, as you choose (mixed) · ${NO_HINTS}`);
  assert.equal(describeSettings({ ...base, hint_limit: 3, hint_penalty: 5 }), `${EASY} · ${WINDING} · 3 hints, +5s each`);
  assert.equal(describeSettings({ ...base, hint_limit: 3, hint_penalty: 5, hint_reveal: 'whole' }), `${EASY} · ${WINDING} · 3 hints that show the whole way, +5s each`);
});

test('explorer mode: the rules serve fog and vision, and the summary says fog', () => {
  assert.deepEqual(rules.settings.fog, { type: 'bool', default: false });
  assert.deepEqual(rules.settings.vision, { type: 'int', default: 3, min: 1, max: 10 });
  const base = { preset: 'easy', rows: 10, cols: 10, algorithm: 'backtracker', hint_limit: 0, directions: 4, fog: false, vision: 3 };
  assert.equal(describeSettings(base), `${EASY} · ${WINDING} · ${NO_HINTS}`);
  assert.equal(describeSettings({ ...base, fog: true }), `${EASY} · ${WINDING} · fog (vision 3) · ${NO_HINTS}`);
  assert.equal(describeSettings({ ...base, fog: true, vision: undefined }), `${EASY} · ${WINDING} · fog · ${NO_HINTS}`);
});

test('rules from a server of another protocol are refused at once, and this page asks to be reloaded', async () => {
  let asked = 0;
  const fetcher = async () => {
    asked += 1;
    return { ok: true, status: 200, json: async () => ({ protocol: PROTOCOL_VERSION - 1, settings: {} }) };
  };
  await assert.rejects(loadRules(fetcher, async () => {}), (error) => error instanceof ProtocolMismatch && error.message === 'This page is older than the server: reload it.');
  assert.equal(asked, 1);
  const current = async () => ({ ok: true, status: 200, json: async () => ({ protocol: PROTOCOL_VERSION }) });
  assert.deepEqual(await loadRules(current, async () => {}), { protocol: PROTOCOL_VERSION });
});
