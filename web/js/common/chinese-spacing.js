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
  // template text at even places, values at odd ones
  const parts = text.split(/(\{\w+\})/).map((part, i) => (i % 2 ? valueOf(part.slice(1, -1)) ?? part : part));
  return parts
    .map((part, i) => {
      if (i % 2) return part;
      const before = parts[i - 1]?.slice(-1) ?? '';
      const after = parts[i + 1]?.slice(0, 1) ?? '';
      let out = part;
      if (i > 0 && out.startsWith(' ') && WIDE.test(before) && WIDE.test(out.charAt(1) || after)) out = out.slice(1);
      if (i < parts.length - 1 && out.endsWith(' ') && WIDE.test(after) && WIDE.test(out.charAt(out.length - 2) || before)) {
        out = out.slice(0, -1);
      }
      return out;
    })
    .join('');
}
