// The room page: the one place that wires net (socket), input, state and render (and the DOM via ui).
// The client sends intents and draws what the server says; only its own moves are predicted.
import { Net } from './net.js';
import { MAX_PENDING, RoomState } from './state.js';
import { Renderer } from './render.js';
import { allowedIn, attachInput, moveInterval } from './input.js';
import { Feel } from './feel.js';
import { drawChart } from './chart.js';
import { showRaceAnalysis } from './analysis-panel.js';
import { renderCard, shortestRouteLine } from './difficulty.js';
import { decodeCells, dirBetween, openSides, step } from './maze.js';
import { FogLens } from './fog-layer.js';
import { buildSettingsFields, describeSettings, lockSettings, readSettings, writeSettings } from './settings.js';
import { METHOD_LABELS, labelOf } from './labels.js';
import { loadRules } from './rules.js';
import { ghostNote, renderGhostList, renderSplits } from './ghost-ui.js';
import { BotPanel, botTag } from './bots-ui.js';
import { RoomPreview } from './preview.js';
import { Reactions } from './reactions.js';
import { HostTools, makeHostButton } from './host-tools.js';
import { loadName, loadPref, loadToken, saveName, savePref } from './storage.js';
import { $, bindCamera, announce, el, errorText, formatTime, message, ordinal, safeColour, setText, show, swatch } from './ui.js';

const code = decodeURIComponent(location.pathname.split('/')[2] || '');
const watchOnly = new URLSearchParams(location.search).get('watch') === '1';
const state = new RoomState();
let you = null;
let joining = false;
let seq = 0;
let resyncing = false;
let followId = '';
let eyesId = ''; // watching a fog race through this racer's eyes ('' everyone)
const lens = new FogLens();
let resultsClosed = false;
let hintReadyAt = 0;
let rules = null; // GET /api/rules: the settings form and the hint cooldown
const COOLDOWN_SLACK_MS = 100; // on top of the server's hint cooldown: our clock and its differ a little
let lastCount = null;
let lastSettings = '';
let lastMethods = '';
let lastFollow = '';
let lastStandings = '';
let goUntil = 0;
let focusCanvas = false; // once the race view shows, put keyboard focus on the maze
let raceId = null; // the replay id of the current or last race (`started`, `race_over`, snapshots)

window.mazerace = Object.freeze({
  get state() {
    return state;
  },
  get you() {
    return you;
  },
  get joined() {
    return net.joined; // false from a lost connection until the rejoin is answered
  },
  /** Where world point (x, y) (render.js units) was last drawn on the canvas, in device pixels. */
  canvasPoint: (x, y) => renderer.canvasPoint(x, y),
  /** The ids of the players the maze shows now (in a fog race, those in sight). */
  shownPlayers: () => scene().players.filter((p) => p.cell).map((p) => p.id),
  /** Sounds played, what the stepper does, frame and key-to-frame timings (feel.js). */
  get feel() {
    return feel.hook;
  },
});

const clock = () => Date.now() - (net.latency ?? 0) / 2; // local time the server's "now" refers to
const nameOf = (id) => state.player(id)?.name ?? 'Someone';
const isYou = (id) => !!you && id === you.id;
const cellText = ([r, c]) => `(${r}, ${c})`;
const CANVAS_LABEL_4 = 'The maze. Move with the arrow keys or WASD, H for a hint.';
const CANVAS_LABEL_8 = 'The maze, with diagonal passages. Move with the arrow keys or WASD, the diagonals with Q, E, Z and C or the numeric keypad; H for a hint.';

// ---- rendering: the scene the renderer pulls each frame ----
/**
 * The fog to draw, or null: a fog racer's own (their maze is what they have seen, lit around where
 * their arrow stands), or, watching a fog race, the racer picked in "See through" (their seen cells).
 */
function fogScene() {
  const maze = state.maze;
  if (!maze) return null;
  if (maze.seen) return lens.look(maze, maze.seen, maze.revision, state.ownCell(), state.settings.vision, you?.id);
  const eyes = eyesId ? state.eyes.get(eyesId) : null;
  return eyes ? lens.look(maze, eyes.seen, eyes.revision, state.player(eyesId)?.cell, state.settings.vision, eyesId) : null;
}

function scene() {
  const racing = state.canMove();
  const watching = !racing;
  const fog = fogScene();
  const inSight = (cell) => !fog || (!!cell && fog.visible[cell[0] * fog.maze.cols + cell[1]] === 1);
  const players = state.players.map((p, i) => {
    const v = state.view(p.id);
    const seer = p.id === fog?.who; // under fog the others show only in sight of the one whose fog it is
    const cell = seer || inSight(v.cell) ? v.cell : null;
    return { id: p.id, colour: p.colour, cell, facing: v.facing, trail: v.trail, label: String(i + 1), connected: p.connected };
  });
  const hints = [];
  for (const h of Object.values(state.hints)) {
    if ((isYou(h.id) || watching) && (!fog || h.id === fog.who)) hints.push({ ...h, colour: state.player(h.id)?.colour });
  }
  return {
    maze: state.maze,
    players,
    youId: you?.id,
    follow: racing ? you.id : followId || null,
    trails: !watching ? 'own' : fog ? 'seer' : 'all',
    seer: fog?.who ?? null,
    hints,
    fog,
    ghosts: state.ghosts,
  };
}
const renderer = new Renderer($('race-canvas'), scene);

// ---- the socket ----
const net = new Net(code, {
  onEvent(env) {
    if (state.applyEnvelope(env, clock()) === 'resync-needed') resync();
    renderer.invalidate();
    scheduleUi();
  },
  onJoined,
  onStatus(status) {
    const pill = $('conn-state');
    const was = pill.dataset.state;
    pill.dataset.state = status;
    setText(pill, status);
    if (status === 'reconnecting' && was === 'connected') announce('Connection lost. Reconnecting…');
    if (status === 'connected' && was === 'reconnecting') announce('Reconnected');
  },
  onLatency(ms) {
    setText('latency', `${ms} ms`);
  },
  onRetrying() {
    message('The room is moving to another server: rejoining…', 'info', 4000);
  },
  onNotice(kind, data) {
    if (kind === 'closing') message('The server is restarting: you will rejoin in a moment.', 'info', 8000);
    if (kind === 'replaced') message('You opened this room somewhere else; this tab is no longer playing.', 'error', 0);
    if (kind === 'kicked') {
      message('The host removed you from the room.', 'error', 0);
      you = null;
      state.setYou(null);
      scheduleUi();
    }
    // results_not_saved stays up until results_saved replaces it (textContent: the server's words, never markup)
    if (kind === 'notice' && typeof data?.message === 'string') {
      message(data.message.slice(0, 200), data.kind === 'results_not_saved' ? 'error' : 'info', data.kind === 'results_not_saved' ? 0 : 6000);
    }
  },
});

function onJoined(ack, { rejoin }) {
  joining = false;
  if (!ack.ok) {
    const reason = ack.error?.code;
    message(reason === 'unknown_room' ? 'There is no such room (it may have closed).' : errorText(ack), 'error', 8000);
    you = null;
    state.setYou(null);
    scheduleUi();
    return;
  }
  const wanted = net.joinRequest?.role;
  you = ack.you;
  state.setYou(you);
  raceId = ack.snapshot?.race ?? raceId;
  if (state.applySnapshot(ack.snapshot || {}, clock()) === 'resync-needed') resync();
  renderer.setMaze(state.maze);
  if (!rejoin && you.role === 'spectator' && wanted !== 'spectator' && !watchOnly) {
    message('The race is on or the room is full: you are watching.', 'info', 6000);
  }
  announce(rejoin ? 'Back in the room' : `Joined room ${code} as ${you.role}`);
  scheduleUi();
  if (!rejoin) bots.raceIfAsked(code);
}

async function resync() {
  if (resyncing) return;
  resyncing = true;
  for (let attempt = 0; attempt < 5 && state.awaitingResync; attempt++) {
    const ack = await net.request('resync', {});
    if (ack.ok && ack.snapshot) {
      raceId = ack.snapshot.race ?? raceId;
      state.applySnapshot(ack.snapshot, clock());
    } else await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
  }
  resyncing = false;
  if (state.awaitingResync) setTimeout(resync, 3000);
  renderer.setMaze(state.maze);
  renderer.invalidate();
  scheduleUi();
}

// Announcements and one-off reactions to room events (also for events replayed after a snapshot).
state.onEvent = ({ t, d }) => {
  feel.heard({ t, d });
  if ((t === 'started' || t === 'race_over') && d.race) raceId = d.race;
  switch (t) {
    case 'joined':
      if (d.name && !isYou(d.id)) announce(`${d.name} joined${d.role === 'spectator' ? ' to watch' : ''}`);
      break;
    case 'host':
      if (isYou(d.id)) announce('You are now the host');
      break;
    case 'started':
      resultsClosed = false;
      goUntil = Date.now() + 900;
      renderer.setMaze(state.maze);
      announce('Go!');
      focusCanvas = true;
      break;
    case 'finished': {
      const time = formatTime((d.time ?? 0) + (d.penalty ?? 0));
      if (isYou(d.id)) {
        message(`You finished ${ordinal(d.rank)} in ${time}!`, 'info', 6000);
        if (state.inFog()) outOfTheFog();
      } else announce(`${nameOf(d.id)} finished ${ordinal(d.rank)} in ${time}`);
      break;
    }
    case 'hinted':
      if (!isYou(d.id)) announce(`${nameOf(d.id)} used a hint (${d.method})`);
      break;
    case 'race_over':
      announce('The race is over');
      if (state.inFog()) outOfTheFog(); // still racing when the time ran out
      break;
    case 'lobby':
      resultsClosed = false;
      renderer.setMaze(null);
      announce('Rematch! Back in the lobby');
      break;
  }
};

/** Out of the fog (at the exit, or the race over): the whole maze and the others' trails come with a fresh snapshot. */
function outOfTheFog() {
  state.wantSnapshot();
  resync();
}

// ---- intents ----
/** Send a move to `target`; returns whether it was predicted (the local maze has it open). */
function moveTo(target) {
  if (!state.canMove()) return false;
  const s = ++seq;
  const predicted = state.predictMove(s, target);
  if (predicted) {
    renderer.recentre();
    scheduleUi();
  }
  net.request('move', { to: target, seq: s }).then((ack) => {
    if (ack.ok) state.confirmMove(s, ack);
    else {
      feel.refused(state.rejectMove(s));
      message(errorText(ack, 'Move refused'));
    }
    renderer.invalidate();
    scheduleUi();
  });
  return predicted;
}

const directions = () => state.maze?.directions ?? 4;

/** A click or tap on a cell: a move if it is next to the own arrow (corners too in an 8-direction maze), ignored otherwise. */
function clickCell(cell) {
  const from = state.ownCell();
  if (from && dirBetween(from, cell, state.maze)) moveTo(cell);
}

/** A typed cell goes to the server as it is (it names what is wrong), but never a corner of a 4-direction maze. */
function typedMove(cell) {
  const from = state.ownCell();
  const dir = from && dirBetween(from, cell);
  if (dir && !allowedIn(dir, directions())) {
    message('This maze has no diagonal moves: go up, down, left or right');
    return;
  }
  moveTo(cell);
}

/** One step (feel.js's stepper paces them): 'moved', 'blocked' (sent, but a wall here), 'busy' (too many in flight) or 'off'. */
function move(dir) {
  const from = state.ownCell();
  if (!from || !allowedIn(dir, directions()) || !state.canMove()) return 'off';
  if (state.pending.length >= MAX_PENDING) return 'busy';
  return moveTo(step(from, dir)) ? 'moved' : 'blocked';
}

const hintsLeft = () => Math.max(0, (state.settings.hint_limit ?? 0) - (state.me()?.hints ?? 0));

async function askHint() {
  if (!state.canMove() || Date.now() < hintReadyAt) return;
  if (hintsLeft() <= 0) {
    message('No hints left in this race');
    return;
  }
  const method = $('hint-method').value;
  const order = $('show-search').checked;
  const wait = (rules?.hint_cooldown_ms ?? 0) + COOLDOWN_SLACK_MS;
  hintReadyAt = Date.now() + wait;
  scheduleUi();
  setTimeout(scheduleUi, wait + 50);
  const ack = await net.request('hint', { method, order });
  if (!ack.ok) {
    message(errorText(ack, 'No hint'));
    return;
  }
  state.noteHint(you.id, ack, Date.now());
  const hint = state.hints[you.id];
  if (order && typeof ack.order === 'string' && state.maze) {
    // the explored cells come packed like the path (flat indices r * cols + c, base64)
    let cells = [];
    try {
      cells = decodeCells(ack.order, state.maze);
    } catch {
      cells = [];
    }
    renderer.playSearch({ id: you.id, method: ack.method }, cells);
  }
  const name = labelOf(METHOD_LABELS, ack.method);
  if (ack.found && ack.next) {
    // the hint answers for the cell it was asked from (`from`), even if the arrow has moved since
    const dir = dirBetween(ack.from || state.ownCell() || ack.next, ack.next);
    const steps = (hint.path?.length ?? 1) - 1;
    message(`Hint, ${name}: go ${dir || 'to'} ${cellText(ack.next)}. ${steps} steps to the exit, ${ack.explored} cells explored.`, 'info', 6000);
  } else if (ack.found) {
    message('You are at the exit!', 'info');
  } else if (ack.explore) {
    const steps = Math.max(1, (hint.explore_path?.length ?? 2) - 1);
    message(`Hint, ${name}: no way to the exit through what you have seen. Explore further: ${steps} step${steps > 1 ? 's' : ''} to the unexplored cell ${cellText(ack.explore)}.`, 'info', 7000);
  } else if (ack.back_to) {
    message(`No way on from here without backing up: back up to ${cellText(ack.back_to)}.`, 'info', 7000);
  } else message('No way on from here.', 'info');
  renderer.invalidate();
  scheduleUi();
}

const feel = new Feel({ state, renderer, clock, move, interval: () => moveInterval(rules) });
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
    directions,
  },
  {
    active: () => state.canMove(),
    moveTo: typedMove,
    pickCell: clickCell,
    hint: askHint,
    zoom: (f, x, y) => renderer.zoomBy(f, x, y),
    pan: (dx, dy) => renderer.panBy(dx, dy),
    bad: (text) => message(text),
  },
);

// ---- page controls ----
$('room-code').textContent = code;
document.title = `MazeRace · room ${code}`;
const link = `${location.origin}/r/${encodeURIComponent(code)}`;
$('share-link').value = link;
const bots = new BotPanel($('bots-card'), { state, request: (name, payload) => net.request(name, payload), changed: () => scheduleUi() });
const preview = new RoomPreview($('room-preview'), code);
const reactions = new Reactions({ bars: [$('reaction-bar'), $('results-reactions')], request: (name, payload) => net.request(name, payload), changed: () => scheduleUi(), nameOf: (id) => state.player(id)?.name ?? null });
reactions.attach(net.socket);
const seated = (who, name) => {
  you = who; // a spectator took a seat: this connection is that player now (its token is saved)
  state.setYou(you);
  net.joinRequest = { name, role: 'player' };
  announce('You took a seat: you race the next one');
  scheduleUi();
};
const hostTools = new HostTools({ code, list: $('players'), forms: [$('seat-form'), $('results-seat-form')], request: (name, payload) => net.request(name, payload), seated, changed: () => scheduleUi() });
try {
  rules = await loadRules();
  buildSettingsFields($('settings-fields'), rules);
  bots.setRules(rules);
  reactions.setRules(rules);
} catch {
  message('Could not load the room rules from the server: reload the page to change settings', 'error', 0);
}

async function join(role) {
  if (joining) return;
  let name = $('name').value.trim();
  if (!name && role === 'spectator') name = 'Spectator';
  if (!name) {
    message('Type your name first');
    $('name').focus();
    return;
  }
  if (role === 'player') saveName(name);
  joining = true;
  await net.join({ name, role });
}
$('join-form').addEventListener('submit', (e) => {
  e.preventDefault();
  join('player');
});
$('join-as-spectator').addEventListener('click', () => join('spectator'));

async function command(name, payload, done) {
  const ack = await net.request(name, payload);
  if (!ack.ok) message(errorText(ack));
  else if (done) done(ack);
  scheduleUi();
}
$('ready-toggle').addEventListener('click', () => command('ready', { ready: !state.me()?.ready }));
$('start-button').addEventListener('click', () => command('start', {}));
$('start-ready-button').addEventListener('click', () => command('start', { without_unready: true }));
$('lock-toggle').addEventListener('click', () => command('lock', { locked: !state.locked }));
$('players').addEventListener('click', (e) => {
  const button = e.target.closest('button[data-kick]');
  if (button) command('kick', { id: button.dataset.kick });
});
$('rematch-button').addEventListener('click', () => command('rematch', {}));
$('settings-form').addEventListener('submit', (e) => {
  e.preventDefault();
  if (!rules) return message('The settings form needs the room rules: reload the page');
  const settings = readSettings(e.target);
  if (!settings.hint_methods.length) return message('Pick at least one hint method');
  command('settings', settings, () => message('Settings saved', 'info', 2000));
});
$('copy-link').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    $('share-link').select();
    document.execCommand?.('copy');
  }
  message('Link copied', 'info', 2000);
});
if (navigator.share) {
  show('share-button');
  $('share-button').addEventListener('click', () => navigator.share({ title: 'MazeRace', text: 'Race me through a maze!', url: link }).catch(() => {}));
}
async function leave(e) {
  e?.preventDefault();
  if (you) await net.leave();
  location.assign('/');
}
$('leave-button').addEventListener('click', leave);
$('back-to-lobby').addEventListener('click', leave);
$('close-results').addEventListener('click', () => {
  resultsClosed = true;
  scheduleUi();
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !$('results').hidden) {
    resultsClosed = true;
    scheduleUi();
  }
});
$('hint-button').addEventListener('click', askHint);
const showSearch = $('show-search');
showSearch.checked = loadPref('showSearch', '0') === '1';
showSearch.addEventListener('change', () => savePref('showSearch', showSearch.checked ? '1' : '0'));
$('hint-method').addEventListener('change', (e) => savePref('hintMethod', e.target.value));
bindCamera(renderer, $('follow-select'), (id) => {
  followId = id;
});

// ---- the DOM, updated at most once a frame ----
let uiQueued = false;
function scheduleUi() {
  if (uiQueued) return;
  uiQueued = true;
  requestAnimationFrame(() => {
    uiQueued = false;
    updateUi();
  });
}

function updateUi() {
  const joined = !!you && state.version !== null;
  const phase = state.phase;
  const me = state.me();
  show('join-panel', !joined);
  show('leave-button', joined);
  show('lobby-panel', joined && (phase === 'lobby' || phase === 'countdown'));
  show('race-panel', joined && (phase === 'racing' || phase === 'finished'));
  setText('spectator-count', `${state.spectators} watching`);
  preview.sync(joined);
  show('reaction-bar', joined);
  hostTools.update(state);
  if (!joined) return;
  if (phase === 'lobby' || phase === 'countdown') updateLobby(me);
  else updateRace(me);
  if (focusCanvas && phase === 'racing') {
    focusCanvas = false;
    const active = document.activeElement;
    if (state.canMove() && !(active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) && active.offsetParent)) {
      $('race-canvas').focus({ preventScroll: true });
    }
  }
  updateResults();
  updateCard();
  reactions.decorate(document, $('spectator-reaction'));
  renderer.setMaze(state.maze);
  renderer.invalidate();
}

// The maze's difficulty card, beside the race and in the results, redrawn only when it changes.
let lastCard = '';
function updateCard() {
  const key = JSON.stringify(state.difficulty);
  if (key === lastCard) return;
  lastCard = key;
  renderCard($('difficulty-card'), state.difficulty);
  renderCard($('results-difficulty'), state.difficulty);
}

function updateLobby(me) {
  const host = state.isHost();
  $('players').replaceChildren(
    ...state.players.map((p) =>
      el(
        'li',
        { class: p.connected ? '' : 'offline', 'data-player-id': p.id },
        swatch(p.colour),
        el('span', { class: 'name', text: p.name + (isYou(p.id) ? ' (you)' : '') }),
        botTag(p.bot),
        p.host ? el('span', { class: 'tag', text: 'host' }) : null,
        p.connected ? null : el('span', { class: 'tag', text: 'away' }),
        el('span', { class: `tag${p.ready ? ' ready' : ''}`, text: p.ready ? '✓ ready' : 'not ready' }),
        host && !isYou(p.id) && !p.bot // a bot is removed in the bots card
          ? el('button', { type: 'button', class: 'secondary small', 'data-kick': p.id, text: 'Remove', 'aria-label': `Remove ${p.name}` })
          : null,
        makeHostButton(state, p),
      ),
    ),
  );
  const ready = $('ready-toggle');
  show(ready, !!me);
  ready.setAttribute('aria-pressed', String(!!me?.ready));
  setText(ready, me?.ready ? '✓ Ready' : "I'm ready");
  ready.disabled = state.phase !== 'lobby';
  show('start-button', host);
  $('start-button').disabled = state.phase !== 'lobby';
  const waiting = state.players.filter((p) => p.connected && !p.ready && !p.host).length;
  show('start-ready-button', host && waiting > 0 && state.phase === 'lobby');
  show('lock-toggle', host);
  setText('lock-toggle', state.locked ? 'Unlock room' : 'Lock room');
  $('lock-toggle').setAttribute('aria-pressed', String(!!state.locked));
  setText(
    'start-note',
    state.phase === 'countdown'
      ? 'Get ready…'
      : host
        ? waiting
          ? `Waiting for ${waiting} player${waiting > 1 ? 's' : ''} to be ready (or start with the ready players: the others watch).`
          : 'Everyone is ready: start when you like.'
        : me
          ? 'The host starts the race.'
          : 'You are watching. The race starts when the host says so.',
  );
  const form = $('settings-form');
  const json = JSON.stringify(state.settings);
  if (rules && json !== lastSettings && !form.contains(document.activeElement)) {
    lastSettings = json;
    writeSettings(form, state.settings);
  }
  const fixed = state.ghosts.length > 0; // a ghost races its stored race's maze: the server refuses changes
  lockSettings(form, !host || state.phase !== 'lobby' || fixed);
  show('settings-apply', host && !fixed);
  setText('settings-summary', describeSettings(state.settings));
  setText('ghost-note', ghostNote(state.ghosts));
  show('ghost-note', state.ghosts.length > 0);
  bots.update();
}

function updateRace(me) {
  const s = state.settings;
  const watching = !state.canMove();
  setText('hud-moves', me ? me.moves + state.pending.length : '–');
  const left = hintsLeft();
  setText('hud-hints', me ? `${me.hints} used · ${left} left` : '–');
  const button = $('hint-button');
  button.disabled = watching || left <= 0 || Date.now() < hintReadyAt;
  show('hint-box', !watching);
  show('pad', !watching);
  const eight = directions() === 8;
  for (const button of $('pad').querySelectorAll('.diagonal')) show(button, eight);
  $('race-canvas').setAttribute('aria-label', eight ? CANVAS_LABEL_8 : CANVAS_LABEL_4);
  const methods = s.hint_methods || rules?.hint_methods || []; // the room's, else every method the server has
  if (methods.join() !== lastMethods) {
    lastMethods = methods.join();
    const select = $('hint-method');
    const keep = select.value || loadPref('hintMethod', methods[0]);
    select.replaceChildren(...methods.map((m) => el('option', { value: m, text: labelOf(METHOD_LABELS, m) })));
    if (methods.includes(keep)) select.value = keep;
  }
  const cell = state.ownCell();
  if (cell && state.maze && !me.finished) {
    const open = Object.entries(openSides(state.maze, cell)).filter(([, v]) => v).map(([k]) => k);
    const fog = state.inFog() ? ` Fog: you see ${state.settings.vision} steps along the passages.` : '';
    setText('where', `You are in cell ${cellText(cell)}; open: ${open.join(', ') || 'none'}. Exit ${cellText(state.maze.exit)}.${fog}`);
  } else if (me?.finished) setText('where', 'You finished: watching the others.');
  else if (me && !me.cell && state.phase === 'racing') setText('where', 'You were not ready: you watch this race and play the next.');
  else setText('where', 'You are watching.');

  // Follow: spectators and finished players pick whom the camera follows.
  show('follow-field', watching);
  const options = state.players.map((p) => `${p.id}:${p.name}`).join('|');
  if (options !== lastFollow) {
    lastFollow = options;
    const select = $('follow-select');
    select.replaceChildren(
      el('option', { value: '', text: 'Nobody (free camera)' }),
      ...state.players.map((p) => el('option', { value: p.id, text: p.name })),
    );
    if (!state.player(followId)) followId = '';
    select.value = followId;
  }

  updateEyes(watching);
  show('ghosts-card', state.ghosts.length > 0);
  if (state.ghosts.length) renderGhostList($('ghost-list'), state.ghosts); // beside the standings, never in them
  // Rebuilt only when what it shows changed: with 16 racers moving, rebuilding it every frame cost
  // more main-thread time (style, layout, paint) than drawing the maze (make bench ARGS=feel). This is
  // the last thing updateRace does.
  const standings = state.standings();
  const shown = JSON.stringify([you?.id, ...standings.map(({ player: p, progress }) => [p.id, p.name, p.colour, p.bot, p.connected, p.finished, p.dnf, p.rank, p.time, p.penalty, state.progressKnown(p) ? Math.round(progress * 100) : p.moves])]);
  if (shown === lastStandings) return;
  lastStandings = shown;
  $('standings').replaceChildren(
    ...standings.map(({ player: p, progress }) => {
      const pct = Math.round(progress * 100);
      const known = state.progressKnown(p); // a fog racer knows nobody's distance to the exit
      const racingText = known ? `${pct}%` : `${p.moves} move${p.moves === 1 ? '' : 's'}`;
      const status = p.finished ? `${ordinal(p.rank)} · ${formatTime((p.time ?? 0) + (p.penalty ?? 0))}` : p.dnf ? 'DNF' : racingText;
      const fill = el('span');
      fill.style.width = `${pct}%`;
      fill.style.background = safeColour(p.colour);
      const bar = known
        ? el('span', { class: 'bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': pct, 'aria-label': `${p.name}: ${pct}%` }, fill)
        : null;
      return el(
        'li',
        { class: `${isYou(p.id) ? 'you' : ''}${p.connected ? '' : ' offline'}`, 'data-player-id': p.id },
        swatch(p.colour),
        el('span', { class: 'name' }, p.name + (isYou(p.id) ? ' (you)' : ''), botTag(p.bot)),
        el('span', { class: 'status', text: status }),
        bar,
      );
    }),
  );
}

// "See through": watching a fog race, the maze as any racer has seen it (the player entries carry each
// racer's seen cells, grown here from their moves), or everything.
let lastEyes = '';
function updateEyes(watching) {
  const ids = state.eyes.ids().filter((id) => state.player(id));
  show('eyes-field', watching && ids.length > 0);
  if (!state.player(eyesId) || !state.eyes.get(eyesId)) eyesId = '';
  const options = ids.map((id) => `${id}:${nameOf(id)}`).join('|');
  if (options === lastEyes) return;
  lastEyes = options;
  const select = $('eyes-select');
  select.replaceChildren(el('option', { value: '', text: 'Everyone (the whole maze)' }), ...ids.map((id) => el('option', { value: id, text: nameOf(id) })));
  select.value = eyesId;
}
$('eyes-select').addEventListener('change', (e) => {
  eyesId = e.target.value;
  if (eyesId) {
    followId = eyesId; // and the camera goes with them
    $('follow-select').value = eyesId;
    renderer.recentre();
  }
  renderer.invalidate();
});

function updateResults() {
  const results = state.phase === 'finished' ? state.results : null;
  const visible = !!results && !resultsClosed;
  const box = $('results');
  const wasHidden = box.hidden;
  show(box, visible);
  if (!visible) return;
  const sorted = [...results].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  $('results-body').replaceChildren(
    ...sorted.map((r) =>
      el(
        'tr',
        { 'data-player-id': r.id, class: isYou(r.id) ? 'you' : '' },
        el('td', { class: 'rank', text: r.dnf ? 'DNF' : String(r.rank) }),
        el('td', { class: 'name' }, swatch(r.colour), r.name + (isYou(r.id) ? ' (you)' : ''), botTag(r.bot)),
        el('td', { class: 'num', text: r.dnf ? '–' : `${formatTime(r.total ?? r.time)}${r.penalty ? ` (+${Math.round(r.penalty / 1000)} s)` : ''}` }),
        el('td', { class: 'num', text: String(r.moves ?? '–') }),
        el('td', { class: 'num', text: String(r.hints ?? 0) }),
        el('td', { class: 'num route', text: r.dnf ? '–' : `${r.route ?? '–'}${r.on_shortest ? ' ★' : ''}`, title: r.on_shortest ? 'one of the shortest routes' : '' }),
        el('td', { class: 'num', text: r.efficiency != null ? `${Math.round(r.efficiency * 100)}%` : '–' }),
      ),
    ),
  );
  setText('results-note', state.shortest ? `Shortest path: ${state.shortest} steps. Efficiency = shortest ÷ moves. Route: steps of the final trail (★ a shortest route).` : '');
  setText('results-routes', shortestRouteLine(sorted, state.shortestRoutes, state.shortest));
  renderSplits($('results-ghosts'), sorted, state.ghosts, you?.id);
  show('rematch-button', state.isHost());
  let replayLink = $('replay-link');
  if (!replayLink) {
    replayLink = el('a', { id: 'replay-link', class: 'button secondary', text: 'Watch replay' });
    $('back-to-lobby').before(replayLink);
  }
  if (raceId) replayLink.href = `/replay/${encodeURIComponent(raceId)}`;
  show(replayLink, !!raceId);
  showRaceAnalysis($('results-analysis'), raceId, you?.id);
  if (wasHidden) {
    requestAnimationFrame(() => {
      const series = sorted.map((r) => ({ name: r.name, colour: r.colour, points: state.history[r.id] || [] }));
      drawChart($('race-chart'), series, state.shortest);
      (state.isHost() ? $('rematch-button') : $('close-results')).focus();
    });
  }
}

// ---- clocks: the countdown overlay and the race timer ----
setInterval(() => {
  const now = Date.now();
  const overlay = $('countdown');
  const left = state.phase === 'countdown' ? state.countdownLeft(clock()) : null;
  if (left != null && left > 0) {
    const n = Math.ceil(left / 1000);
    setText(overlay, String(n));
    show(overlay);
    if (n !== lastCount) announce(`Race starts in ${n}`);
    lastCount = n;
  } else if (now < goUntil) {
    setText(overlay, 'GO!');
    show(overlay);
  } else {
    show(overlay, false);
    lastCount = null;
  }
  if (state.phase === 'racing' || state.phase === 'finished') {
    const me = state.me();
    let t = state.elapsed(clock());
    if (me?.finished) t = (me.time ?? 0) + (me.penalty ?? 0);
    else if (state.phase === 'finished') t = state.results?.find((r) => r.id === me?.id)?.time ?? null;
    setText('hud-timer', formatTime(t));
  }
}, 100);

// ---- start: auto-join when we know who this is ----
$('name').value = loadName();
if (!code) message('No room code in the address', 'error', 0);
else if (watchOnly) join('spectator');
else if (loadToken(code)) join('player');
else if (loadName()) preview.sync(false).then((room) => (room?.players > 0 ? $('join-as-player').focus() : join('player'))); // a share link shows the room first; your own new room you join at once
else {
  scheduleUi();
  $('name').focus();
}
