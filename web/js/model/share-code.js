// A published maze's share code (docs/protocol.md): 8 to 16 characters of lowercase Crockford base32,
// no i, l, o or u, as the server makes them (server/maze/share_code.py). Players paste a code or a
// maze's link (/m/CODE, whole or not); both come here. No DOM.

const CODE = /^[0-9a-hjkmnp-tv-z]{8,16}$/;

/**
 * The share code a player typed or pasted: a code (any case, spaces around) or a link holding /m/CODE.
 * Returns null when the text is neither.
 * @param {unknown} text
 * @returns {string | null}
 */
export function parseMazeCode(text) {
  const value = String(text ?? '').trim();
  const fromLink = /\/m\/([^/?#\s]+)/.exec(value);
  const code = (fromLink ? fromLink[1] : value).toLowerCase();
  return CODE.test(code) ? code : null;
}

/** The page of a published maze. @param {string} code */
export const mazeUrl = (code) => `/m/${encodeURIComponent(code)}`;
