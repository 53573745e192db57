// The room's race panel around the canvas: the camera tools (zoom, follow again, whole maze), the
// time, the one-line standing and the hint button under the maze, the HUD (moves, hints), the
// "where am I" line for screen readers, the hint method list, the "Follow" and "See through" pickers
// for watchers, the ghosts card and the standings. Separate from room.js so the page's wiring does not
// hold the race's DOM; each part is rebuilt only when what it shows changed (with 16 racers moving,
// rebuilding the standings every frame cost more main-thread time than drawing the maze).
import { openSides } from '../model/maze.js';
import { directionName, methodName } from '../model/hint-text.js';
import { formatNumber, formatRaceTime, t } from '../common/i18n.js';
import { listText, placeText } from '../common/race-time.js';
import { renderGhostList } from './ghost-ui.js';
import { botTag } from './bots-ui.js';
import { loadPref, savePref } from '../common/storage.js';
import { cellText } from '../net/intents.js';
import { $, bindCamera, el, safeColour, setText, show, swatch } from '../common/ui.js';
import { keepMessagesOff } from '../common/message-place.js';

/** A share 0..100 as the language writes a percentage. @param {number} pct */
const percent = (pct) => formatNumber(pct / 100, { style: 'percent' });

/** @typedef {import('../model/room-records.js').Player} Player */

export class RaceView {
  /**
   * state: the RoomState; session: read for `you` and `rules`, and its `followId`/`eyesId` (the
   * watcher's picks) kept valid here and set by the pickers; intents: the hint count, cooldown and
   * button, and the maze's directions; renderer: recentred and redrawn when a picker moves the camera;
   * isYou(id); nameOf(id).
   * @param {{state: import('../model/state.js').RoomState, session: import('../model/state.js').Session,
   *   intents: Pick<import('../net/intents.js').Intents, 'askHint' | 'hintsLeft' | 'hintCoolingDown' | 'directions'>,
   *   renderer: {recentre(): void, invalidate(): void, zoomBy(factor: number): void, toggleWhole(): void, whole: boolean, unit: number | null,
   *     clientPointOf(cell: readonly number[]): {x: number, y: number} | null,
   *     mazeRect(): import('../common/message-place.js').Area | null},
   *   isYou: (id: string) => boolean, nameOf: (id: string) => string}} parts
   */
  constructor({ state, session, intents, renderer, isYou, nameOf }) {
    this.state = state;
    this.session = session;
    this.intents = intents;
    this.renderer = renderer;
    this.isYou = isYou;
    this.nameOf = nameOf;
    this.lastMethods = '';
    this.lastFollow = '';
    this.lastEyes = '';
    this.lastStandings = '';
  }

  /** The hint box (the button, and the search toggle and method, remembered), "See through", the camera
   * controls, and messages kept off your own marker while you race. */
  bindControls() {
    const { intents, renderer, session } = this;
    $('eyes-select').addEventListener('change', (/** @type {Event} */ e) => {
      session.eyesId = /** @type {HTMLSelectElement} */ (e.target).value;
      if (session.eyesId) {
        session.followId = session.eyesId; // and the camera goes with them
        $('follow-select').value = session.eyesId;
        renderer.recentre();
      }
      renderer.invalidate();
    });
    $('hint-button').addEventListener('click', () => intents.askHint());
    keepMessagesOff(() => {
      const cell = this.state.phase === 'racing' ? this.state.me()?.cell : null;
      const spot = cell ? renderer.clientPointOf(cell) : null;
      const area = renderer.mazeRect();
      return spot && area ? { spot, area } : null;
    });
    const showSearch = $('show-search');
    showSearch.checked = loadPref('showSearch', '0') === '1';
    showSearch.addEventListener('change', () => savePref('showSearch', showSearch.checked ? '1' : '0'));
    $('hint-method').addEventListener('change', (/** @type {Event} */ e) => savePref('hintMethod', /** @type {HTMLSelectElement} */ (e.target).value));
    bindCamera(renderer, $('follow-select'), (id) => {
      session.followId = id;
    });
    $('whole-maze').addEventListener('click', () => this.toggleWhole());
    for (const id of ['zoom-in', 'zoom-out', 'recentre']) $(id).addEventListener('click', () => this.showWhole()); // each ends the whole-maze view
  }

  /** Fit the whole maze in the stage, or follow again (the button, and the F or 0 key). */
  toggleWhole() {
    this.renderer.toggleWhole();
    this.showWhole();
  }

  /** The whole-maze button shows whether the view is on (a zoom or a pan ends it). */
  showWhole() {
    $('whole-maze').setAttribute('aria-pressed', String(this.renderer.whole));
  }

  /** Redraw the race panel for `me` (this tab's player entry, or null watching). */
  /** @param {Player | null} me */
  update(me) {
    const { state, session, intents } = this;
    const s = state.settings;
    const watching = !state.canMove();
    setText('hud-moves', me ? me.moves + state.pending.length : '–');
    const left = intents.hintsLeft();
    setText('hud-hints', me ? t('race.hud_hints', { used: me.hints, left }) : '–');
    const button = $('hint-button');
    const disabled = watching || left <= 0 || intents.hintCoolingDown();
    // a button disabled under the keyboard's focus drops it to the page: it goes to the maze instead
    if (disabled && document.activeElement === button) $('race-canvas').focus();
    button.disabled = disabled;
    show(button, !watching);
    show('hint-box', !watching);
    show('pad', !watching);
    show('race-reactions', watching); // where the pad would be: the header has no room for them on a phone
    const eight = intents.directions() === 8;
    for (const button of $('pad').querySelectorAll('.diagonal')) show(button, eight);
    $('race-canvas').setAttribute('aria-label', eight ? t('race.canvas_label_8') : t('race.canvas_label_4'));
    const methods = s.hint_methods || session.rules?.hint_methods || []; // the room's, else every method the server has
    if (methods.join() !== this.lastMethods) {
      this.lastMethods = methods.join();
      const select = $('hint-method');
      const keep = select.value || loadPref('hintMethod', methods[0]);
      select.replaceChildren(...methods.map((/** @type {string} */ m) => el('option', { value: m, text: methodName(m) })));
      if (methods.includes(keep)) select.value = keep;
    }
    setText('where', this.where(me));
    this.updateFollow(watching);
    this.updateEyes(watching);
    show('ghosts-card', state.ghosts.length > 0);
    if (state.ghosts.length) renderGhostList($('ghost-list'), state.ghosts); // beside the standings, never in them
    this.updateStandings();
  }

  /** The "where am I" line: the own cell and its open sides, or why there is none. */
  /** @param {Player | null} me */
  where(me) {
    const { state } = this;
    if (state.phase === 'finished') return t('race.where_over'); // nobody is left racing, or to watch
    const cell = state.ownCell();
    if (cell && state.maze && !(/** @type {Player} */ (me).finished)) { // an own cell: a player
      const open = Object.entries(openSides(state.maze, cell)).filter(([, v]) => v).map(([k]) => directionName(k));
      const params = { cell: cellText(cell), open: open.length ? listText(open) : t('race.open_none'), exit: cellText(state.maze.exit) };
      return state.inFog() ? t('race.where_fog', { ...params, count: Number(state.settings.vision) }) : t('race.where', params);
    }
    if (me?.finished) return t('race.where_finished');
    if (me && !me.cell && state.phase === 'racing') return t('race.where_not_ready');
    return t('race.where_watching');
  }

  /**
   * Follow: spectators and finished players pick whom the camera follows, among the players whose place
   * they know (a spectator of a fog race knows nobody's until it is over: the field hides).
   * @param {boolean} watching
   */
  updateFollow(watching) {
    const { state, session } = this;
    const placed = state.players.filter((p) => p.cell);
    show('follow-field', watching && placed.length > 0);
    if (!placed.some((p) => p.id === session.followId)) session.followId = '';
    const options = placed.map((p) => `${p.id}:${p.name}`).join('|');
    if (options === this.lastFollow) return;
    this.lastFollow = options;
    const select = $('follow-select');
    select.replaceChildren(el('option', { value: '', text: t('race.follow_nobody') }), ...placed.map((p) => el('option', { value: p.id, text: p.name })));
    select.value = session.followId;
  }

  /**
   * "See through": watching a fog race, the maze as any racer has seen it (the player entries carry
   * each racer's seen cells, grown by state.js from their moves), or everything.
   */
  /** @param {boolean} watching */
  updateEyes(watching) {
    const { state, session, nameOf } = this;
    const ids = state.eyes.ids().filter((id) => state.player(id));
    show('eyes-field', watching && ids.length > 0);
    if (!state.player(session.eyesId) || !state.eyes.get(session.eyesId)) session.eyesId = '';
    const options = ids.map((id) => `${id}:${nameOf(id)}`).join('|');
    if (options === this.lastEyes) return;
    this.lastEyes = options;
    const select = $('eyes-select');
    select.replaceChildren(el('option', { value: '', text: t('race.eyes_everyone') }), ...ids.map((id) => el('option', { value: id, text: nameOf(id) })));
    select.value = session.eyesId;
  }

  /** The standings, rebuilt only when what they show changed (make bench ARGS=feel measured why). */
  updateStandings() {
    const { state, isYou } = this;
    const standings = state.standings();
    const shown = JSON.stringify([this.session.you?.id, ...standings.map(({ player: p, progress }) => [p.id, p.name, p.colour, p.bot, p.connected, p.finished, p.dnf, p.rank, p.time, p.penalty, state.progressKnown(p) ? Math.round(progress * 100) : p.moves])]);
    if (shown === this.lastStandings) return;
    this.lastStandings = shown;
    setText('race-summary', this.summary(standings));
    $('standings').replaceChildren(
      ...standings.map(({ player: p, progress }) => {
        const pct = Math.round(progress * 100);
        const known = state.progressKnown(p); // a fog racer knows nobody's distance to the exit
        const racingText = known ? percent(pct) : t('race.standing_moves', { count: p.moves });
        const finishedText = () => t('race.standing_finished', { place: placeText(/** @type {number} */ (p.rank)), time: formatRaceTime((p.time ?? 0) + (p.penalty ?? 0)) });
        const status = p.finished ? finishedText() : p.dnf ? t('race.dnf') : racingText;
        const fill = el('span');
        fill.style.width = `${pct}%`;
        fill.style.background = safeColour(p.colour);
        const bar = known
          ? el('span', { class: 'bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': pct, 'aria-label': t('race.progress_label', { name: p.name, percent: percent(pct) }) }, fill)
          : null;
        return el(
          'li',
          { class: `${isYou(p.id) ? 'you' : ''}${p.connected ? '' : ' offline'}`, 'data-player-id': p.id },
          swatch(p.colour),
          el('span', { class: 'name' }, isYou(p.id) ? t('race.name_you', { name: p.name }) : p.name, botTag(p.bot)),
          el('span', { class: 'status', text: status }),
          bar,
        );
      }),
    );
  }

  /**
   * The one line under the maze: your place among the racers (in a fog race, where nobody's distance
   * is known, how many have finished), or for a watcher how many have finished.
   * @param {{player: Player, progress: number}[]} standings
   */
  summary(standings) {
    const { state } = this;
    const count = standings.length;
    const finished = standings.filter(({ player }) => player.finished).length;
    const place = standings.findIndex(({ player }) => this.isYou(player.id)) + 1;
    const me = place ? standings[place - 1].player : null;
    if (me?.finished) return t('race.summary_finished', { place: placeText(/** @type {number} */ (me.rank)), count });
    if (me && !me.dnf && state.progressKnown(me)) return t('race.summary_place', { place: placeText(place), count });
    return t('race.summary_watching', { finished, count });
  }
}
