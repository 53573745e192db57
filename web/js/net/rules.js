// The server's rules (GET /api/rules, docs/protocol.md "Rules"): the settings schema, presets, hint
// methods, rate limits and the hint cooldown. The pages build their forms and pacing from it, so no
// bound or default is typed twice. Fetched once per page; a refused fetch is tried again a little later.
import { t } from '../common/i18n.js';

const TRIES = 4;

/** The protocol this client speaks (docs/protocol.md): version 2 names a position `cell`. */
export const PROTOCOL_VERSION = 2;

/** The server speaks another protocol than this page: the page is older than the server. */
export class ProtocolMismatch extends Error {
  constructor() {
    super(t('common.page_outdated'));
  }
}

/**
 * The rules object, or throws after a few failed tries (at once for a server of another protocol).
 * @param {(url: string) => Promise<{ok: boolean, status: number, json(): Promise<any>}>} [fetcher]
 * @param {(ms: number) => Promise<unknown>} [wait]
 * @returns {Promise<any>} GET /api/rules's answer (docs/protocol.md, "Rules")
 */
export async function loadRules(fetcher = fetch, wait = (ms) => new Promise((r) => setTimeout(r, ms))) {
  let last = null;
  for (let i = 0; i < TRIES; i += 1) {
    try {
      const response = await fetcher('/api/rules');
      if (response.ok) {
        const rules = await response.json();
        if (rules?.protocol !== PROTOCOL_VERSION) throw new ProtocolMismatch();
        return rules;
      }
      last = new Error(t('common.server_said', { status: response.status }));
    } catch (error) {
      if (error instanceof ProtocolMismatch) throw error; // trying again cannot help
      last = error;
    }
    await wait(500 * 2 ** i);
  }
  throw last;
}

/** The default settings object the rules name (a fresh copy). */
/** @param {any} rules @returns {Record<string, any>} */
export function defaultSettings(rules) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [name, field] of Object.entries(/** @type {Record<string, {default: unknown}>} */ (rules.settings))) {
    out[name] = Array.isArray(field.default) ? [...field.default] : field.default;
  }
  return out;
}
