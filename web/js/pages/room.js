// The room page: the one place that wires net (socket), input, state and render, and the DOM's panels
// (room-view.js updates them at most once a frame: join-panel, lobby-view, race-view, results-view; and
// room-clocks, room-messages). The client sends intents (intents.js) and draws what the server says;
// only its own moves are predicted.
import { t, translatePage, serverMessage } from '../common/i18n.js';
import { mountLanguageSwitch } from '../common/language-switch.js';
import { Net } from '../net/socket.js';
import { RoomState } from '../model/state.js';
import { Renderer } from '../render/render.js';
import { attachInput, moveInterval } from '../input/input.js';
import { Feel } from '../input/feel.js';
import { FogLens } from '../render/fog-layer.js';
import { buildSettingsFields } from '../panels/settings.js';
import { ProtocolMismatch, loadRules } from '../net/rules.js';
import { BotPanel } from '../panels/bots-ui.js';
import { RoomPreview } from '../panels/preview.js';
import { Reactions } from '../panels/reactions.js';
import { HostTools } from '../panels/host-tools.js';
import { roomScene } from '../render/room-scene.js';
import { Intents } from '../net/intents.js';
import { LobbyView, bindLobbyControls } from '../panels/lobby-view.js';
import { RaceView } from '../panels/race-view.js';
import { ResultsView, bindResultsControls } from '../panels/results-view.js';
import { RoomClocks } from '../panels/room-clocks.js';
import { RoomView } from '../panels/room-view.js';
import { JoinPanel } from '../panels/join-panel.js';
import { bindLeaveButton } from '../panels/leave-button.js';
import { announceEvent, showLatency, showNotice, showRetrying, showStatus, whyWatching } from '../panels/room-messages.js';
import { loadName, loadToken } from '../common/storage.js';
import { normalName, numberedName, useNameRules } from '../common/name-width.js';
import { $, announce, dismissMessage, message, usePlayerColours } from '../common/ui.js';

translatePage();
mountLanguageSwitch(document.querySelector('header.top'));

// Lower-case, as the server issues codes: a cluster's balancer routes by this exact text, and a
// process accepts a join only on a connection routed by the room's own code.
const code = decodeURIComponent(location.pathname.split('/')[2] || '').trim().toLowerCase();
const watchOnly = new URLSearchParams(location.search).get('watch') === '1';
const state = new RoomState();
/**
 * This tab's part in the room, handed to the panels: `you` (the join ack's, null until joined),
 * `rules` (GET /api/rules: the settings form and the hint cooldown), `raceId` (the replay id of the
 * current or last race: `started`, `race_over`, snapshots), and a watcher's picks: `followId` (whom
 * the camera follows, '' nobody) and `eyesId` (watching a fog race through this racer's eyes, '' everyone).
 */
/** @type {import('../model/state.js').Session} */
const session = { you: null, rules: null, raceId: null, followId: '', eyesId: '' };
let resyncing = false;
const lens = new FogLens();

/** @type {any} */ (window).mazerace = Object.freeze({
  get state() {
    return state;
  },
  get you() {
    return session.you;
  },
  get joined() {
    return net.joined; // false from a lost connection until the rejoin is answered
  },
  /** Where world point (x, y) (render.js units) was last drawn on the canvas, in device pixels. */
  canvasPoint: (/** @type {number} */ x, /** @type {number} */ y) => renderer.canvasPoint(x, y),
  /** The cells of each hint way the maze draws now, by player id (the way on, else the way to explore, else the trail back, as overlay.js picks it). */
  hintWays: () => Object.fromEntries(scene().hints.map((h) => [h.id, (h.found ? h.path : (h.explore_path ?? h.back_path)) ?? []])),
  /** Where the maze was last drawn, in CSS px relative to the viewport: whole, and cut to the canvas. */
  mazeExtent: () => renderer.mazeExtent(),
  mazeRect: () => renderer.mazeRect(),
  /** The ids of the players the maze shows now (in a fog race, those in sight). */
  shownPlayers: () => scene().players.filter((p) => p.cell).map((p) => p.id),
  /** Sounds played, what the stepper does, frame and key-to-frame timings (feel.js). */
  get feel() {
    return feel.hook;
  },
});

const clock = () => Date.now() - (net.latency ?? 0) / 2; // local time the server's "now" refers to
const nameOf = (/** @type {string} */ id) => state.player(id)?.name ?? t('room.someone');
const isYou = (/** @type {string} */ id) => !!session.you && id === session.you.id;
/** @param {import('../model/wire-types.js').You | null | undefined} who */
function setYou(who) {
  session.you = /** @type {import('../model/wire-types.js').You | null} */ (who); // an ok ack always names you
  state.setYou(who);
}

// ---- rendering: the scene the renderer pulls each frame ----
const scene = () => roomScene(state, lens, { youId: session.you?.id, followId: session.followId, eyesId: session.eyesId });
const renderer = new Renderer($('race-canvas'), scene);
// room events below reopen the results and start the clocks' "GO!"
const results = new ResultsView({ state, session, isYou });
const clocks = new RoomClocks({ state, clock });

// ---- the socket ----
const net = new Net(code, {
  onEvent(env) {
    if (state.applyEnvelope(env, clock()) === 'resync-needed') resync();
    renderer.invalidate();
    scheduleUi();
  },
  onJoined,
  onStatus: showStatus,
  onLatency: showLatency,
  onRetrying: showRetrying,
  onNotice(kind, data) {
    showNotice(kind, data);
    if (kind === 'kicked') {
      setYou(null);
      scheduleUi();
    }
  },
});

/** @param {import('../model/wire-types.js').Ack} ack @param {{rejoin: boolean}} how */
function onJoined(ack, { rejoin }) {
  joinPanel.answered();
  if (!ack.ok) {
    if (ack.error?.code === 'unknown_room') preview.gone = true; // the page says so, with the way home
    else message(serverMessage(ack.error), 'error', 8000);
    setYou(null);
    scheduleUi();
    return;
  }
  const wanted = net.joinRequest?.role;
  setYou(ack.you);
  session.raceId = ack.snapshot?.race ?? session.raceId;
  if (state.applySnapshot(ack.snapshot || /** @type {import('../model/wire-types.js').Snapshot} */ ({}), clock()) === 'resync-needed') resync();
  renderer.setMaze(state.maze);
  const you = /** @type {import('../model/wire-types.js').You} */ (session.you); // an accepted join names who you are
  if (!rejoin) dismissMessage(); // in again: a notice that stays up until read ("removed", "replaced") is over
  if (!rejoin && you.role === 'spectator' && wanted !== 'spectator' && !watchOnly) {
    message(whyWatching(state), 'info', 6000);
  }
  const asked = net.joinRequest?.name ?? '';
  const given = state.me()?.name ?? '';
  if (!rejoin && you.role === 'player' && numberedName(asked, given)) {
    message(t('room.name_numbered', { asked: normalName(asked), name: given }), 'info', 6000);
  }
  announce(rejoin ? t('room.back') : you.role === 'spectator' ? t('room.joined_spectator', { code }) : t('room.joined_player', { code }));
  scheduleUi();
  if (!rejoin) bots.raceIfAsked(code);
}

async function resync() {
  if (resyncing) return;
  resyncing = true;
  for (let attempt = 0; attempt < 5 && state.awaitingResync; attempt++) {
    const ack = await net.request('resync', {});
    if (ack.ok && ack.snapshot) {
      session.raceId = ack.snapshot.race ?? session.raceId;
      state.applySnapshot(ack.snapshot, clock());
    } else await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
  }
  resyncing = false;
  if (state.awaitingResync) setTimeout(resync, 3000);
  renderer.setMaze(state.maze);
  renderer.invalidate();
  scheduleUi();
}

// One-off reactions to room events (also for events replayed after a snapshot); room-messages says them.
state.onEvent = (/** @type {import('../model/wire-types.js').Envelope} */ { t, d }) => {
  feel.heard({ t, d });
  if ((t === 'started' || t === 'race_over') && d.race) session.raceId = d.race;
  if (t === 'started' || t === 'lobby') results.closed = false;
  if (t === 'started') {
    clocks.go();
    renderer.setMaze(state.maze);
    view.focusMazeOnce();
  }
  if (t === 'lobby') renderer.setMaze(null);
  announceEvent({ t, d }, { isYou, nameOf });
  // out of the fog (at the exit, or still racing when the time ran out): a fresh snapshot brings the
  // whole maze and the others' trails
  if (((t === 'finished' && isYou(d.id)) || t === 'race_over') && state.inFog()) {
    state.wantSnapshot();
    resync();
  }
};

// ---- intents and input ----
const intents = new Intents({ state, net, renderer, session, hintMethod: $('hint-method'), showSearch: $('show-search'), refused: (move) => feel.refused(move), changed: () => scheduleUi() });
const feel = new Feel({ state, renderer, clock, move: (dir) => intents.move(dir), interval: () => moveInterval(session.rules) });
attachInput(
  {
    canvas: $('race-canvas'),
    pad: $('pad'),
    moveBox: $('move-box'),
    pick: (x, y) => renderer.cellAt(x, y),
    stepper: feel.stepper,
    keys: () => feel.prefs.keys,
    doubleTap: () => feel.prefs.doubleTap,
    paused: () => feel.paused,
    directions: () => intents.directions(),
  },
  {
    active: () => state.canMove(),
    moveTo: (cell) => intents.typedMove(cell),
    pickCell: (cell) => intents.clickCell(cell),
    hint: () => intents.askHint(),
    zoom: (f, x, y) => {
      renderer.zoomBy(f, x, y);
      race.showWhole(); // a zoom ends the whole-maze view
    },
    pan: (dx, dy) => {
      renderer.panBy(dx, dy);
      race.showWhole();
    },
    wholeMaze: () => race.toggleWhole(),
    bad: (text) => message(text),
  },
);

// ---- the panels ----
$('room-code').textContent = code;
document.title = t('room.page_title_code', { code });
const link = `${location.origin}/r/${encodeURIComponent(code)}`;
$('share-link').value = link;
const request = (/** @type {string} */ name, /** @type {object} */ payload) => net.request(name, payload);
const bots = new BotPanel($('bots-card'), { state, request, changed: () => scheduleUi() });
const preview = new RoomPreview($('room-preview'), code);
const reactions = new Reactions({ bars: [$('reaction-bar'), $('race-reactions'), $('results-reactions')], request, changed: () => scheduleUi(), nameOf: (id) => state.player(id)?.name ?? null });
reactions.attach(net.socket);
const seated = (/** @type {import('../model/wire-types.js').You | undefined} */ who, /** @type {string} */ name) => {
  setYou(who); // a spectator took a seat: this connection is that player now (its token is saved)
  net.joinRequest = { name, role: 'player' };
  announce(t('host.seated'));
  scheduleUi();
};
const hostTools = new HostTools({ code, list: $('players'), forms: [$('seat-form'), $('results-seat-form')], request, seated, changed: () => scheduleUi() });
const lobby = new LobbyView({ state, session, bots, isYou });
const race = new RaceView({ state, session, intents, renderer, isYou, nameOf });
const view = new RoomView({ state, session, renderer, preview, hostTools, reactions, lobby, race, results });
const scheduleUi = () => view.schedule();
preview.changed = scheduleUi;
const joinPanel = new JoinPanel({ net, seated: () => !!loadToken(code) });
try {
  session.rules = await loadRules();
  usePlayerColours(session.rules.palette);
  useNameRules(session.rules.names);
  buildSettingsFields($('settings-fields'), session.rules);
  bots.setRules(session.rules);
  reactions.setRules(session.rules);
} catch (error) {
  message(error instanceof ProtocolMismatch ? error.message : t('room.rules_failed'), 'error', 0);
}

// ---- page controls ----
/**
 * @param {string} name
 * @param {object} payload
 * @param {(ack: import('../model/wire-types.js').Ack) => void} [done]
 */
async function command(name, payload, done) {
  const ack = await net.request(name, payload);
  if (!ack.ok) message(serverMessage(ack.error));
  else if (done) done(ack);
  scheduleUi();
}
/** @param {Event} [e] */
async function leave(e) {
  e?.preventDefault();
  if (session.you) await net.leave();
  location.assign('/');
}
joinPanel.bind();
bindLobbyControls({ state, session, command, link });
bindLeaveButton({ racing: () => state.canMove(), leave });
bindResultsControls({ results, command, leave, changed: scheduleUi });
race.bindControls();
clocks.start();

/**
 * A visitor with a saved name, once the preview has answered: no such room shows only that; a room
 * with players waits for the choice (Watch alone when it takes no player); an empty room is joined.
 * @param {any} room the room's summary, or null
 */
function arrive(room) {
  scheduleUi();
  if (preview.gone) return;
  if (room?.players > 0) $(preview.watchOnly ? 'join-as-spectator' : 'join-as-player').focus();
  else joinPanel.join('player');
}

// ---- start: auto-join when we know who this is ----
if (!$('name').value) $('name').value = loadName(); // what a quick player typed while the page loaded stays
if (!code) message(t('room.no_code'), 'error', 0);
else if (watchOnly) joinPanel.join('spectator');
else if (loadToken(code)) joinPanel.join('player');
else if (loadName()) preview.sync(false).then(arrive); // a share link shows the room first; your own new room you join at once
else {
  scheduleUi();
  $('name').focus();
}
