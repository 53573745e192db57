// The room's results panel after a race: who won, the table (rank, time with penalty, moves, hints,
// route, efficiency), the shortest-path notes, the ghost splits, the replay link, the race analysis and,
// the first time it opens, the progress chart and the focus on its heading (focusing a button further
// down would scroll the standings away). Separate from room.js so
// the page's wiring does not hold the results' DOM; `closed` is the one thing the rest of the page
// changes (a new race or the lobby opens it again, Close and Escape shut it, the race bar's Results
// button opens it again).
import { drawRaceChart } from '../render/race-chart.js';
import { resultsNote, shortestRouteLine } from './difficulty.js';
import { renderSplits } from './ghost-ui.js';
import { botTag } from './bots-ui.js';
import { $, dismissMessage, el, setText, show, swatch, timeCell } from '../common/ui.js';
import { formatNumber, t } from '../common/i18n.js';

/**
 * The race explained, its module loaded when results first show: the first screen never needs it, and
 * it is a good part of the page's weight.
 * @param {Parameters<import('./analysis-panel.js').showRaceAnalysis>} args
 */
const showRaceAnalysis = (...args) => import('./analysis-panel.js').then((panel) => panel.showRaceAnalysis(...args));

export class ResultsView {
  /**
   * state: the RoomState; session: read for `you` and `raceId` (the replay to link); isYou(id).
   * @param {{state: import('../model/state.js').RoomState, session: import('../model/state.js').Session, isYou: (id: string) => boolean}} parts
   */
  constructor({ state, session, isYou }) {
    this.state = state;
    this.session = session;
    this.isYou = isYou;
    this.closed = false; // closed by this viewer for the race shown
  }

  update() {
    const { state, session, isYou } = this;
    const results = state.phase === 'finished' ? state.results : null;
    const visible = !!results && !this.closed;
    show('show-results', !!results && this.closed); // closed, the results (and the host's Rematch) stay a tap away
    const box = $('results');
    const wasHidden = box.hidden;
    show(box, visible);
    // a modal dialog: the page behind it takes no focus and is hidden from screen readers while it shows
    for (const behind of document.querySelectorAll('body > header, body > main')) /** @type {HTMLElement} */ (behind).inert = visible;
    if (!visible && !wasHidden) $('race-canvas').focus(); // closed: the keys go back to the maze, not the page
    if (!visible) return;
    // the dialog says how the race went: a passing toast ("You finished 1st") would lie over its heading
    if (wasHidden) dismissMessage('info');
    const sorted = [...results].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
    const winner = winnerLine(sorted, isYou);
    setText('results-winner', state.timeUp ? t('results.time_up', { result: winner }) : winner);
    $('results-body').replaceChildren(
      ...sorted.map((r) =>
        el(
          'tr',
          { 'data-player-id': r.id, class: isYou(r.id) ? 'you' : '' },
          el('td', { class: 'rank', text: r.dnf ? t('race.dnf') : r.rank == null ? '–' : formatNumber(r.rank) }),
          el('td', { class: 'name' }, swatch(r.colour), isYou(r.id) ? t('race.name_you', { name: r.name }) : r.name, botTag(r.bot)),
          timeCell(r),
          el('td', { class: 'num', text: r.moves == null ? '–' : formatNumber(r.moves) }),
          el('td', { class: 'num', text: formatNumber(r.hints ?? 0) }),
          el('td', { class: 'num route', text: routeText(r), title: r.on_shortest ? t('results.route_shortest') : '' }),
          el('td', { class: 'num efficiency', text: r.efficiency != null ? formatNumber(Math.round(r.efficiency * 100) / 100, { style: 'percent' }) : '–' }),
        ),
      ),
    );
    $('results-note').replaceChildren(...resultsNote(state.shortest).flatMap(({ text, column }, i) => [i ? ' ' : '', el('span', { class: column, text })]));
    setText('results-routes', shortestRouteLine(sorted, state.shortestRoutes, state.shortest));
    renderSplits($('results-ghosts'), sorted, state.ghosts, session.you?.id);
    show('rematch-button', state.isHost());
    let replayLink = $('replay-link');
    if (!replayLink) {
      replayLink = el('a', { id: 'replay-link', class: 'button secondary', text: t('results.watch_replay') });
      $('leave-results').before(replayLink);
    }
    const raceId = session.raceId;
    if (raceId) replayLink.href = `/replay/${encodeURIComponent(raceId)}`;
    show(replayLink, !!raceId);
    const drawRace = (/** @type {import('../model/analysis.js').Analysis | null} */ analysis) => drawRaceChart($('race-chart'), sorted, state.history, state.shortest, analysis);
    showRaceAnalysis($('results-analysis'), raceId, session.you?.id, drawRace);
    if (wasHidden) {
      requestAnimationFrame(() => {
        drawRace(null);
        $('results-heading').focus({ preventScroll: true });
        /** @type {HTMLElement} */ (box.querySelector('.card')).scrollTop = 0;
      });
    }
  }
}

/**
 * The banner over the table: the winner (rank 1), you, or nobody when no one reached the exit.
 * @param {import('../model/wire-types.js').ResultRow[]} sorted the rows, winner first
 * @param {(id: string) => boolean} isYou
 */
function winnerLine(sorted, isYou) {
  const winner = sorted.find((r) => r.rank === 1 && !r.dnf);
  if (!winner) return t('results.nobody_won');
  return isYou(winner.id) ? t('results.you_win') : t('results.winner', { name: winner.name });
}

/** A result's route in steps, starred when it is one of the shortest. @param {import('../model/wire-types.js').ResultRow} r */
function routeText(r) {
  if (r.dnf || r.route == null) return '–';
  return r.on_shortest ? t('results.route_starred', { route: r.route }) : formatNumber(r.route);
}

/**
 * The results' buttons: Rematch (the host's command), Leave the room (for the front page), Back to the
 * room and Escape (shut the panel until the next race, staying in the room). changed(): schedule a DOM update.
 * @param {{results: ResultsView, command: (name: string, payload: object) => void, leave: () => void, changed: () => void}} parts
 */
export function bindResultsControls({ results, command, leave, changed }) {
  $('rematch-button').addEventListener('click', () => command('rematch', {}));
  // "Back to the room" closes the results and stays (the room's lobby shows when the host asks for the
  // rematch); "Leave the room" leaves it, for the front page. ("Back to lobby" did that, and threw out
  // guests who wanted the rematch.)
  $('leave-results').addEventListener('click', leave);
  $('close-results').addEventListener('click', () => {
    results.closed = true;
    changed();
  });
  $('show-results').addEventListener('click', () => {
    results.closed = false;
    changed();
  });
  document.addEventListener('keydown', (e) => {
    if ($('results').hidden) return;
    if (e.key === 'Escape') {
      results.closed = true;
      changed();
    } else if (e.key === 'Tab') {
      keepFocusInside($('results'), e);
    }
  });
}

/**
 * Tab and Shift+Tab go round the dialog's controls (the page behind it is inert, so they would
 * otherwise leave for the browser's own bar): from the last to the first, and from the first (or the
 * heading the dialog opens on) to the last.
 * @param {HTMLElement} dialog @param {KeyboardEvent} e
 */
function keepFocusInside(dialog, e) {
  const focusable = [...dialog.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')].filter(
    (c) => !(/** @type {HTMLButtonElement} */ (c).disabled) && /** @type {HTMLElement} */ (c).getClientRects().length > 0,
  );
  if (!focusable.length) return;
  const first = /** @type {HTMLElement} */ (focusable[0]);
  const last = /** @type {HTMLElement} */ (focusable[focusable.length - 1]);
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === $('results-heading') || !dialog.contains(at))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !dialog.contains(at))) {
    e.preventDefault();
    first.focus();
  }
}
