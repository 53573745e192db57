// How wide a display name is drawn, measured as the server measures it (NFKC, inner white space folded,
// a wide East Asian character two columns, a combining mark none), so a page can stop a name the server
// would refuse before it leaves for a room. The limits themselves are the server's (GET /api/rules
// `names`); until they are read, every name passes here and the server's own check still holds.

/**
 * Characters every server counts two columns wide: the East Asian Wide and Fullwidth blocks, less the
 * few narrow ones inside them. Wide characters outside these blocks (most emoji) count one here, so the
 * page never refuses a name the server takes; the server refuses such a name on the room page instead.
 */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u3247\u3250-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{2FFFD}\u{30000}-\u{3FFFD}]/u;
const MARK = /[\p{Mn}\p{Me}]/u;

/** @typedef {{max_columns: number, max_chars: number}} NameRules GET /api/rules `names` */

/** @type {NameRules | null} */
let rules = null;

/** Take the server's name limits. @param {unknown} names the rules' `names` */
export function useNameRules(names) {
  const given = /** @type {Partial<NameRules> | null | undefined} */ (names);
  rules = Number.isFinite(given?.max_columns) && Number.isFinite(given?.max_chars) ? /** @type {NameRules} */ (given) : null;
}

/** The name as the server keeps it: NFKC, trimmed, inner white space folded to one space. @param {string} text */
export function normalName(text) {
  return text.normalize('NFKC').trim().split(/\s+/u).join(' ');
}

/**
 * Whether the server numbered the name asked for, as it does when someone in the room already looks the
 * same ("Ana" joins as "Ana 2"), so the player can be told why.
 * @param {string} asked the name typed @param {string} given the name the room gave
 */
export function numberedName(asked, given) {
  const name = normalName(asked);
  const base = given.replace(/ \d+$/u, '');
  return base !== given && given !== name && name.startsWith(base);
}

/** Columns a name already normalised takes. @param {string} name */
function columns(name) {
  let width = 0;
  for (const ch of name) width += MARK.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/** Columns `text` takes once normalised. @param {string} text */
export const nameColumns = (text) => columns(normalName(text));

/** Whether the server's limits, once read, are too small for `text`. @param {string} text */
export function nameTooWide(text) {
  if (!rules) return false;
  const name = normalName(text);
  return [...name].length > rules.max_chars || columns(name) > rules.max_columns;
}
