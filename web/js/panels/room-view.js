// The room page's DOM, updated at most once a frame: which panel shows (join, lobby, race, results),
// then that panel's update, the difficulty cards, the reactions, the keyboard focus on the maze when
// a race starts, and the renderer's maze. Separate from room.js so the wiring only asks for an update
// (`schedule`) whenever something changed, and many changes in one frame cost one DOM pass.
import { renderCard } from './difficulty.js';
import { $, setText, show } from '../common/ui.js';

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
    show('join-panel', !joined);
    show('leave-button', joined);
    show('lobby-panel', joined && (phase === 'lobby' || phase === 'countdown'));
    show('race-panel', joined && (phase === 'racing' || phase === 'finished'));
    setText('spectator-count', `${state.spectators} watching`);
    this.preview.sync(joined);
    show('reaction-bar', joined);
    this.hostTools.update(state);
    if (!joined) return;
    if (phase === 'lobby' || phase === 'countdown') this.lobby.update(me);
    else this.race.update(me);
    if (this.focusCanvas && phase === 'racing') {
      this.focusCanvas = false;
      const active = /** @type {HTMLElement | null} */ (document.activeElement);
      if (state.canMove() && !(active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) && active.offsetParent)) {
        $('race-canvas').focus({ preventScroll: true });
      }
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
