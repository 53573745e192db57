// A name's width as the server measures it (server/room/names.py; tests/unit/room/test_name_width_js.py
// checks the two agree name by name), and the server's limits from its rules (a copy in fixtures/rules.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { nameColumns, nameTooWide, normalName, numberedName, useNameRules } from '../../web/js/common/name-width.js';

const RULES = JSON.parse(readFileSync(new URL('./fixtures/rules.json', import.meta.url), 'utf8'));

test('a Chinese character is two columns, a letter one, a combining mark none', () => {
  assert.equal(nameColumns('Ann'), 3);
  assert.equal(nameColumns('王小明'), 6);
  assert.equal(nameColumns('Zoë'), 3);
  assert.equal(nameColumns('Zoe\u0308'), 3);
  assert.equal(nameColumns('한국'), 4);
});

test('a name is measured as the server keeps it: NFKC, trimmed, inner spaces folded', () => {
  assert.equal(normalName('  Ａｎｎ   Lee '), 'Ann Lee');
  assert.equal(nameColumns('Ａｎｎ'), 3, 'full-width letters are plain letters once normalised');
});

test('before the rules are read every name passes; after, the served limits hold', () => {
  useNameRules(null);
  assert.equal(nameTooWide('很'.repeat(30)), false);
  useNameRules(RULES.names);
  assert.equal(nameTooWide('很'.repeat(10)), false);
  assert.equal(nameTooWide('很'.repeat(11)), true);
  assert.equal(nameTooWide('a'.repeat(20)), false);
  assert.equal(nameTooWide('a'.repeat(21)), true);
  assert.equal(nameTooWide('很'.repeat(9) + 'ab'), false);
  assert.equal(nameTooWide('很'.repeat(9) + 'abc'), true);
  assert.equal(nameTooWide(`a${'\u0301'.repeat(45)}`), true, 'more code points than the server keeps');
  useNameRules({ max_columns: 'wide' });
  assert.equal(nameTooWide('很'.repeat(30)), false, 'rules it cannot read check nothing');
});

test('a name the room numbered is told apart from one it kept, or one a returning player keeps', () => {
  assert.equal(numberedName('Ana', 'Ana 2'), true);
  assert.equal(numberedName('  Ana ', 'Ana 3'), true, 'as the server keeps it');
  assert.equal(numberedName('Ａｎａ', 'Ana 2'), true, 'NFKC: full-width letters are the same name');
  assert.equal(numberedName('Ana', 'Ana'), false);
  assert.equal(numberedName('Ana 2', 'Ana 2'), false, 'a name with a number of its own');
  assert.equal(numberedName('Bob', 'Ana 2'), false, 'back in an old seat under its old name');
  assert.equal(numberedName('Alexandrina Maximilia', 'Alexandrina Maxim 2'), true, 'shortened to fit the number');
});
