// The room page's DOM, updated at most once a frame: which panel shows (join, lobby, race, results),
// then that panel's update, the difficulty cards, the reactions, the keyboard focus (on the lobby's
// main action on arriving there, on the maze when a race starts), and the renderer's maze. The body's
// data-view names the view shown ('join', 'gone', 'lobby', 'race') for the page's layout. Separate from room.js so the wiring only asks for an update
// (`schedule`) whenever something changed, and many changes in one frame cost one DOM pass.
import { renderCard } from './difficulty.js';
import { $, setText, show } from '../common/ui.js';
import { t } from '../common/i18n.js';

export class RoomView {
  /**
   * state: the RoomState; session: read for `you`; renderer: given the maze and redrawn; preview,
   * hostTools, reactions: the join preview, the host's tools and the reaction bars; lobby, race,
   * results: the LobbyView, RaceView and ResultsView.
   * @param {{state: import('../model/state.js').RoomState, session: import('../model/state.js').Session,
   *   renderer: import('../render/render.js').Renderer, preview: import('./preview.js').RoomPreview,
   *   hostTools: import('./host-tools.js').HostTools, reactions: import('./reactions.js').Reactions,
   *   lobby: import('./lobby-view.js').LobbyView, race: import('./race-view.js').RaceView,
   *   results: import('./results-view.js').ResultsView}} parts
   */
  constructor({ state, session, renderer, preview, hostTools, reactions, lobby, race, results }) {
    this.state = state;
    this.session = session;
    this.renderer = renderer;
    this.preview = preview;
    this.hostTools = hostTools;
    this.reactions = reactions;
    this.lobby = lobby;
    this.race = race;
    this.results = results;
    this.queued = false;
    this.focusCanvas = false; // once the race view shows, put keyboard focus on the maze
    this.inLobby = false; // the lobby showed at the last update: arriving there moves the focus once
    this.lastCard = ''; // the difficulty card last drawn (JSON)
  }

  /** Update the DOM in the next animation frame (once, however often this is called before it). */
  schedule() {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.update();
    });
  }

  /** A race started: the next update that shows it racing puts the keyboard focus on the maze. */
  focusMazeOnce() {
    this.focusCanvas = true;
  }

  update() {
    const { state, renderer } = this;
    const joined = !!this.session.you && state.version !== null;
    const phase = state.phase;
    const me = state.me();
    const gone = !joined && this.preview.gone; // no such room: only say so, and the way home
    const lobby = joined && (phase === 'lobby' || phase === 'countdown');
    const view = gone ? 'gone' : !joined ? 'join' : lobby ? 'lobby' : 'race';
    if (view === 'race' && document.body.dataset.view !== 'race') window.scrollTo(0, 0); // the race fills the window from its top
    document.body.dataset.view = view;
    show('join-panel', !joined);
    show('room-gone', gone);
    show('join-form', !gone);
    show('join-as-player', !this.preview.watchOnly);
    show('leave-button', joined);
    show('lobby-panel', lobby);
    show('race-panel', joined && (phase === 'racing' || phase === 'finished'));
    setText('spectator-count', t('room.watching', { count: state.spectators }));
    this.preview.sync(joined);
    show('reaction-bar', joined);
    this.hostTools.update(state);
    if (!joined) return;
    if (lobby) this.lobby.update(me);
    else this.race.update(me);
    const arrived = lobby && !this.inLobby;
    this.inLobby = lobby;
    if (arrived && !isTyping()) this.lobby.focusMainAction();
    if (this.focusCanvas && phase === 'racing') {
      this.focusCanvas = false;
      if (state.canMove() && !isTyping()) $('race-canvas').focus({ preventScroll: true });
    }
    this.results.update();
    this.updateCard();
    this.reactions.decorate(document, $('spectator-reaction'));
    renderer.setMaze(state.maze);
    renderer.invalidate();
  }

  /** The maze's difficulty card, beside the race and in the results, redrawn only when it changes. */
  updateCard() {
    const key = JSON.stringify(this.state.difficulty);
    if (key === this.lastCard) return;
    this.lastCard = key;
    renderCard($('difficulty-card'), this.state.difficulty);
    renderCard($('results-difficulty'), this.state.difficulty);
  }
}

/** Whether the keyboard is in a visible text field or list (a move of the focus would cut the typing). */
function isTyping() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  return !!active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) && !!active.offsetParent;
}
