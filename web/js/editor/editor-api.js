// The editor's calls to the server (docs/protocol.md, "HTTP"): generate, import and export, a published
// maze, the clear check, publishing. JSON in and out through net/api.js, so a refusal arrives as the
// server's `{error: {code, message}}` for the page to show; an export answers a file, kept as a Blob.
import { api, problem } from '../net/api.js';

/** @typedef {import('../model/wire-types.js').WireMaze} WireMaze */
/** @typedef {import('../net/api.js').Answer} Answer */

/** @param {unknown} body */
const post = (body) => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * A generator's maze: `{maze}`.
 * @param {{algorithm: string, rows: number, cols: number, seed: number, directions: number}} spec
 * @returns {Promise<Answer>}
 */
export function generateMaze(spec) {
  const query = new URLSearchParams(Object.entries(spec).map(([key, value]) => [key, String(value)]));
  return api('/api/mazes/generate?' + query.toString());
}

/** A published maze with its card: `{code, title, maze, ...}`. @param {string} code */
export const publishedMaze = (code) => api('/api/mazes/' + encodeURIComponent(code));

/** Text of one of the exchange formats read as a maze: `{maze, card}`. @param {string} format @param {string} text */
export const importMaze = (format, text) => api('/api/mazes/import', post({ format, text }));

/** The author starts the clear check: `{check}`. @param {WireMaze} maze */
export const startClearCheck = (maze) => api('/api/clear-checks', post({ maze }));

/**
 * The clear check's walk from the entrance to the exit: `{cleared, clear_ms}`.
 * @param {string} check @param {WireMaze} maze @param {readonly (readonly number[])[]} walk
 */
export const finishClearCheck = (check, maze, walk) => api('/api/clear-checks/finish', post({ check, maze, walk }));

/**
 * Publish a cleared maze: 201 `{code, url, new}`.
 * @param {WireMaze} maze @param {string} title @param {string} author @param {string} cleared
 */
export const publishMaze = (maze, title, author, cleared) => api('/api/mazes', post({ maze, title, author, cleared }));

/**
 * The maze as a file of `format`: the file (and the name the server gives it), or the refusal.
 * @param {string} format
 * @param {WireMaze} maze
 * @returns {Promise<{ok: true, blob: Blob, name: string} | {ok: false, answer: Answer}>}
 */
export async function exportMaze(format, maze) {
  const response = await fetch('/api/mazes/export', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ format, maze }) });
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      /* not JSON */
    }
    return { ok: false, answer: { ok: false, status: response.status, body } };
  }
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') || '');
  const extension = format === 'png' ? 'png' : format === 'json' ? 'json' : 'txt';
  return { ok: true, blob: await response.blob(), name: named ? named[1] : 'maze.' + extension };
}

/** Offer a Blob as a download. @param {Blob} blob @param {string} name */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The refusals whose server words say where (an import's line and column, the first bad step, what
 * keeps a maze from being used): the catalogue's words for the others are whole, and the server's are
 * English whatever the page's language. */
const DETAILED = new Set(['bad_import', 'bad_walk', 'invalid_maze']);

/**
 * A refusal in the player's words and, for the refusals that name where (`DETAILED`), the server's own
 * words after it.
 * @param {Answer} answer
 */
export function refusal(answer) {
  const said = problem(answer);
  const error = answer.body?.error;
  const named = DETAILED.has(error?.code) ? error?.message : null;
  return typeof named === 'string' && named && !said.includes(named) ? said + ' (' + named + ')' : said;
}
