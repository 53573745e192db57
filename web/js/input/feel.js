// How the room page feels: the stepper that paces the own moves, sound effects for them and for the
// race's moments, the player's preferences (key map, reduced motion, mute, double-tap) and the test hook
// that counts sounds and times keys to the frame that draws them. room.js makes one and hands it the
// move path; everything else about feel lives here.
import { Stepper } from './stepper.js';
import { SoundBoard } from './sound.js';
import { loadPrefs, reducesMotion, savePrefs, actionOf, keyName } from './prefs.js';
import { PrefsDialog } from './prefs-ui.js';
import { sameCell } from '../model/maze.js';
import { $ } from '../common/ui.js';
import { t } from '../common/i18n.js';

const SAMPLES = 2000; // frame and latency samples kept for the test hook (bounded)
/** @typedef {import('../model/maze.js').Dir} Dir */
/** @typedef {import('./prefs.js').Prefs} Prefs */
/** What the feel asks of the renderer. @typedef {{probe: ((time: number, ms: number) => void) | null, reducedMotion: boolean, invalidate(): void}} FeltRenderer */

/** @type {Set<string | null>} */
const MOVES = new Set(['up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right']);

/** @template T @param {T[]} list @param {T} value */
const keep = (list, value) => {
  list.push(value);
  if (list.length > SAMPLES) list.splice(0, list.length - SAMPLES);
};

export class Feel {
  /**
   * state: the RoomState; renderer: the Renderer; clock() -> local ms the server's clock refers to;
   * move(dir) -> 'moved' | 'blocked' | 'busy' | 'off' (room.js's move path); interval() -> ms between moves.
   * @param {{state: import('../model/state.js').RoomState, renderer: FeltRenderer, clock: () => number,
   *   move: (dir: Dir) => 'moved' | 'blocked' | 'busy' | 'off', interval: () => number}} parts
   */
  constructor({ state, renderer, clock, move, interval }) {
    this.state = state;
    this.renderer = renderer;
    this.clock = clock;
    this.move = move;
    this.prefs = loadPrefs();
    this.sounds = new SoundBoard({ muted: this.prefs.muted });
    this.stepper = new Stepper({ step: (dir) => this.step(dir), where: () => ({ maze: state.maze, cell: state.ownCell() }), interval });
    this.media = window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
    this.media?.addEventListener?.('change', () => this.applyMotion());
    this.dialog = new PrefsDialog({
      prefs: this.prefs,
      directions: () => state.maze?.directions ?? state.settings?.directions ?? 4,
      motionReduced: () => this.motionReduced,
      changed: (/** @type {Partial<Prefs>} */ changes) => this.change(changes),
    });
    /** @type {{frames: number[], latencies: {frame: number, drawn: number}[]}} */
    this.samples = { frames: [], latencies: [] };
    /** @type {number | null} */
    this.keyAt = null; // the last direction key's event time, until a frame draws the arrow moved
    /** @type {import('../model/wire-types.js').Cell | null} */
    this.keyCell = null;
    /** @type {number | null} */
    this.lastCount = null;
    this.bindPage();
    this.applyMotion();
  }

  get motionReduced() {
    return reducesMotion(this.prefs, this.media?.matches);
  }

  /** The test hook (window.mazerace.feel): sound counts, what the stepper does, frame and key timings. */
  get hook() {
    const self = this;
    return Object.freeze({
      get sounds() {
        return { ...self.sounds.counts };
      },
      get doing() {
        return self.stepper.doing;
      },
      get motionReduced() {
        return self.motionReduced;
      },
      get frames() {
        return [...self.samples.frames];
      },
      get latencies() {
        return [...self.samples.latencies];
      },
      clear() {
        self.samples.frames.length = 0;
        self.samples.latencies.length = 0;
      },
    });
  }

  bindPage() {
    const unlock = () => this.sounds.unlock(); // the AudioContext may only start on a gesture
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.repeat || !MOVES.has(actionOf(this.prefs.keys, keyName(e)))) return;
        this.keyAt = e.timeStamp;
        this.keyCell = this.state.ownCell();
      },
      true,
    );
    this.renderer.probe = (time, ms) => this.frameDrawn(time, ms);
    $('mute-button').addEventListener('click', () => this.change({ muted: !this.prefs.muted }));
    this.showMute();
    setInterval(() => this.countdown(), 100);
  }

  /** After each frame: its draw time, and a key's latency once the arrow it moved has been drawn. */
  /** @param {number} time @param {number} ms */
  frameDrawn(time, ms) {
    keep(this.samples.frames, ms);
    if (this.keyAt == null) return;
    const cell = this.state.ownCell();
    if (!cell || sameCell(cell, this.keyCell)) return;
    keep(this.samples.latencies, { frame: time - this.keyAt, drawn: performance.now() - this.keyAt });
    this.keyAt = null;
  }

  /** @param {Partial<Prefs>} changes */
  change(changes) {
    Object.assign(this.prefs, changes);
    savePrefs(changes);
    if ('muted' in changes) {
      this.sounds.setMuted(this.prefs.muted);
      this.showMute();
    }
    if ('reducedMotion' in changes) this.applyMotion();
  }

  showMute() {
    const button = $('mute-button');
    const muted = this.prefs.muted;
    // the button holds both icons (room.html); room.css shows the one its aria-pressed names
    button.setAttribute('aria-pressed', String(muted));
    button.setAttribute('aria-label', muted ? t('room.sound.unmute') : t('room.sound.mute'));
    button.title = muted ? t('room.sound.off') : t('room.sound.on');
  }

  applyMotion() {
    const reduced = this.motionReduced;
    document.documentElement.classList.toggle('reduced-motion', reduced);
    this.renderer.reducedMotion = reduced;
    this.renderer.invalidate();
    this.dialog.refresh();
  }

  /** Keys belong to the preferences dialog while it is open. */
  get paused() {
    return this.dialog.isOpen;
  }

  /** One paced step through the room's move path, with its sound. */
  /** @param {Dir} dir */
  step(dir) {
    const result = this.move(dir);
    if (result === 'moved') this.sounds.play('step');
    else if (result === 'blocked') this.sounds.play('bump');
    return result;
  }

  /** The server refused a move: stop holding or running; a bump unless the wall was already heard. */
  /** @param {boolean} predicted */
  refused(predicted) {
    this.stepper.stop();
    if (predicted) this.sounds.play('bump');
  }

  /** A room event applied (state.onEvent): the race's moments have their sounds. */
  /** @param {Pick<import('../model/wire-types.js').Envelope, 't' | 'd'>} env */
  heard({ t, d }) {
    const own = !!this.state.you && d?.id === this.state.you.id;
    if (t === 'started') this.sounds.play('go');
    else if (t === 'finished' && own) this.sounds.play('finish');
    else if (t === 'hinted' && own) this.sounds.play('hint');
    if ((t === 'finished' && own) || t === 'race_over' || t === 'lobby') this.stepper.stop();
  }

  /** The countdown's ticks (one a second) and its pulse. */
  countdown() {
    const left = this.state.phase === 'countdown' ? this.state.countdownLeft(this.clock()) : null;
    const n = left != null && left > 0 ? Math.ceil(left / 1000) : null;
    if (n != null && n !== this.lastCount) {
      this.sounds.play('tick');
      const overlay = $('countdown');
      overlay.classList.remove('pulse');
      void overlay.offsetWidth; // restart the animation
      overlay.classList.add('pulse');
    }
    this.lastCount = n;
  }
}
