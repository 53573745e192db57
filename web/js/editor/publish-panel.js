// The clear check's words and the publish section: what the author reads about the check and about
// publishing (before sending: too big or small, no way through, no check for the maze as it is), and the
// Publish and Copy buttons. Publishing is sent even when the note says it will be refused, so the
// server's own words show.
import { formatRaceTime, t } from '../common/i18n.js';
import { $, announce, message } from '../common/ui.js';
import { loadName, saveName } from '../common/storage.js';
import { publishMaze, refusal } from './editor-api.js';

/** @typedef {import('./clear-check.js').CheckState} CheckState */
/** @typedef {import('../model/maze-card.js').MazeCard} MazeCard */

/**
 * What the clear check's line says now ('' for nothing).
 * @param {CheckState} state
 * @param {string | null} token the cleared token, when it holds for the maze as it is
 */
export function checkText(state, token) {
  if (state.kind === 'racing') return t('editor.test.racing');
  if (state.kind === 'starting' || state.kind === 'checking') return t('editor.test.waiting');
  if (state.kind === 'refused') return refusal(state.answer);
  if (state.kind === 'cleared') return token ? t('editor.test.cleared', { time: formatRaceTime(state.ms) }) : t('editor.test.edited');
  return '';
}

/**
 * Why the maze cannot be published yet ('' when it can).
 * @param {{rows: number, cols: number}} maze
 * @param {MazeCard} card
 * @param {string | null} token
 * @param {{min: number, max: number}} bounds the room sizes
 */
export function publishNote({ rows, cols }, card, token, bounds) {
  if (Math.min(rows, cols) < bounds.min || Math.max(rows, cols) > bounds.max) return t('editor.publish.size', bounds);
  if (!card.solvable) return t('editor.publish.unsolvable');
  return token ? '' : t('editor.publish.needs_check');
}

/** Why publishing did not happen, said in the message and kept under the button. @param {string} text */
function refused(text) {
  message(text, 'error', 8000);
  $('publish-note').textContent = text;
}

/**
 * The Publish and Copy buttons, and the author's name filled in from the saved player name.
 * @param {() => any} wire the maze's wire form
 * @param {() => string | null} token the cleared token for the maze as it is
 * @param {() => string} blocker why the maze as it is cannot be published yet ('' when it can)
 */
export function bindPublish(wire, token, blocker) {
  $('publish').addEventListener('click', async () => {
    const title = /** @type {HTMLInputElement} */ ($('publish-title')).value.trim();
    const author = /** @type {HTMLInputElement} */ ($('publish-author')).value.trim();
    if (!author) {
      // a published maze names who made it: asked for here, in the page's words, before sending
      refused(t('editor.publish.needs_author'));
      $('publish-author').focus();
      return;
    }
    const why = blocker();
    if (why) {
      // the server would refuse the maze: said at once, in the words of the note under the button
      refused(why);
      return;
    }
    const button = /** @type {HTMLButtonElement} */ ($('publish'));
    button.disabled = true;
    const answer = await publishMaze(wire(), title, author, token() ?? '');
    button.disabled = false;
    if (!answer.ok) {
      refused(refusal(answer));
      return;
    }
    saveName(author);
    const url = new URL(answer.body.url || '/m/' + answer.body.code, location.href);
    $('published-code').textContent = answer.body.code;
    const link = /** @type {HTMLAnchorElement} */ ($('published-link'));
    link.href = url.pathname;
    link.textContent = url.href;
    $('published').hidden = false;
    if (answer.body.new === false) {
      // the same maze was published before: it keeps that title and author, not the ones just typed
      const kept = { code: answer.body.code, title: String(answer.body.title ?? ''), author: String(answer.body.author ?? '') };
      $('publish-note').textContent = t('editor.publish.already', kept);
      announce(t('editor.publish.already', kept));
      return;
    }
    $('publish-note').textContent = '';
    announce(t('editor.publish.done', { code: answer.body.code }));
  });
  $('published-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(/** @type {HTMLAnchorElement} */ ($('published-link')).href);
      message(t('editor.publish.copied'), 'info');
    } catch {
      message(t('editor.publish.copy_failed'));
    }
  });
  /** @type {HTMLInputElement} */ ($('publish-author')).value = loadName();
}
