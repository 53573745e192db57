// The front page's HTTP API calls (docs/protocol.md, "HTTP API"): JSON in, JSON out, and the server's
// refusal as the player reads it (by its code, from the catalogue), for the page to show.
import { serverMessage, t } from '../common/i18n.js';

/** An API answer: its status and its JSON body (null when it had none). @typedef {{ok: boolean, status: number, body: any}} Answer */

/** @param {string} path @param {RequestInit} [options] @returns {Promise<Answer>} */
export async function api(path, options) {
  const response = await fetch(path, { headers: { 'Content-Type': 'application/json' }, ...options });
  let body = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON */
  }
  return { ok: response.ok, status: response.status, body };
}

/** What went wrong, in the player's language. @param {Answer} res */
export const problem = (res) => (res.body?.error ? serverMessage(res.body.error) : t('front.error.status', { status: String(res.status) }));

/** Whether the server keeps no records (started without a database). @param {Answer} res */
export const noStore = (res) => res.status === 503 && res.body?.error?.code === 'no_store';

/** A room's page. @param {string} code @param {boolean} [watch] */
export const roomUrl = (code, watch) => `/r/${encodeURIComponent(code)}${watch ? '?watch=1' : ''}`;

/** Go to the room a create or daily answer names: its own link's path, or the room code's page. @param {Answer} res */
export function goToRoom(res) {
  location.assign(res.body.url ? new URL(res.body.url, location.href).pathname : roomUrl(res.body.code));
}
