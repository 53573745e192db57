// Player numbers: the swatch and the maze marker show a player's seat, read from their colour's place in
// the server's palette (GET /api/rules, a copy in fixtures/rules.json), in an ink that reads on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inkOn, playerNumber, usePlayerColours } from '../../web/js/common/ui.js';

const PLAYER_COLOURS = JSON.parse(readFileSync(new URL('./fixtures/rules.json', import.meta.url), 'utf8')).palette;
usePlayerColours(PLAYER_COLOURS);

/** WCAG contrast between two #rrggbb colours. @param {string} one @param {string} two */
function contrast(one, two) {
  const luminance = (/** @type {string} */ hex) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(one), luminance(two)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

test("a player's number is their colour's place in the palette, 1-based, in any case", () => {
  assert.equal(playerNumber('#0072B2'), 1);
  assert.equal(playerNumber('#0072b2'), 1);
  assert.equal(playerNumber('#661100'), 16);
  assert.deepEqual(PLAYER_COLOURS.map(playerNumber), PLAYER_COLOURS.map((/** @type {string} */ _, /** @type {number} */ i) => i + 1));
});

test('a colour outside the palette has no number', () => {
  for (const colour of ['#123456', 'red', '', null, undefined, 7]) assert.equal(playerNumber(colour), null);
});

test("the number's ink reads on every player colour (WCAG AA for text, 4.5:1)", () => {
  for (const colour of PLAYER_COLOURS) {
    const ink = inkOn(colour) === '#000' ? '#000000' : '#ffffff';
    assert.ok(contrast(colour, ink) >= 4.5, `${ink} on ${colour}: ${contrast(colour, ink).toFixed(2)}`);
  }
  assert.equal(inkOn('#F0E442'), '#000');
  assert.equal(inkOn('#332288'), '#fff');
});
