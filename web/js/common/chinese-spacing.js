// Chinese spacing for filled-in messages: a catalogue's Chinese spaces a placeholder from the text
// beside it, as Chinese sets Latin words apart; the space goes when the value turns out Chinese too.
/** Characters that take no space beside Chinese: Han, kana, CJK and full-width punctuation. */
const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

/**
 * Chinese text with its placeholders filled. A catalogue's Chinese spaces a placeholder from the
 * characters beside it, as Chinese sets Latin words apart ("A* 提示", "第 3 名"); a space that ends up
 * between two Chinese characters or full-width brackets ("DFS（栈）提示", "小明用时") is dropped.
 * Only the template's spaces next to a placeholder are looked at: a value's own spaces stay.
 * @param {string} text
 * @param {(name: string) => string | null} valueOf
 */
export function fillChinese(text, valueOf) {
  const parts = text.split(/(\{\w+\})/);
  /** @type {{text: string, optional: boolean}[]} */
  const pieces = [];
  parts.forEach((part, i) => {
    if (i % 2) {
      pieces.push({ text: valueOf(part.slice(1, -1)) ?? part, optional: false });
      return;
    }
    let middle = part;
    const lead = i > 0 && middle.startsWith(' ');
    if (lead) middle = middle.slice(1);
    const trail = i < parts.length - 1 && middle.endsWith(' ');
    if (trail) middle = middle.slice(0, -1);
    if (lead) pieces.push({ text: ' ', optional: true });
    pieces.push({ text: middle, optional: false });
    if (trail) pieces.push({ text: ' ', optional: true });
  });
  return pieces
    .map((piece, i) => {
      if (!piece.optional) return piece.text;
      const before = pieces.slice(0, i).map((p) => p.text).join('').slice(-1);
      const after = pieces.slice(i + 1).map((p) => p.text).join('').slice(0, 1);
      return WIDE.test(before) && WIDE.test(after) ? '' : ' ';
    })
    .join('');
}
