// The room's two clocks, ticking ten times a second: the countdown overlay (3, 2, 1, each said once
// for screen readers, then "GO!" for a moment after the start) and the race timer in the HUD (the own
// finish time once finished, the own result after the race), and the time limit's last seconds. Separate from room.js because they are
// the page's only interval: they read the state against the server's clock and touch nothing else.
import { $, announce, setText, show } from '../common/ui.js';
import { formatNumber, formatRaceTime, t } from '../common/i18n.js';

const TICK_MS = 100;
const GO_MS = 900; // how long "GO!" stays up after the start
const WARN_MS = 30_000; // the time limit's last stretch, counted down beside the race timer

export class RoomClocks {
  /**
   * state: the RoomState; clock(): the local time the server's "now" refers to.
   * @param {{state: import('../model/state.js').RoomState, clock: () => number}} parts
   */
  constructor({ state, clock }) {
    this.state = state;
    this.clock = clock;
    /** @type {number | null} */
    this.lastCount = null; // the countdown number last announced
    this.goUntil = 0;
    /** @type {number | null} */
    this.lastWarning = null; // the seconds left last shown
  }

  /** The race started: show "GO!" for a moment. */
  go() {
    this.goUntil = Date.now() + GO_MS;
  }

  start() {
    setInterval(() => this.tick(), TICK_MS);
  }

  tick() {
    const { state, clock } = this;
    const now = Date.now();
    const overlay = $('countdown');
    const left = state.phase === 'countdown' ? state.countdownLeft(clock()) : null;
    if (left != null && left > 0) {
      const n = Math.ceil(left / 1000);
      setText(overlay, formatNumber(n));
      show(overlay);
      if (n !== this.lastCount) announce(t('room.countdown', { count: n }));
      this.lastCount = n;
    } else if (now < this.goUntil) {
      setText(overlay, t('room.go'));
      show(overlay);
    } else {
      show(overlay, false);
      this.lastCount = null;
    }
    if (state.phase === 'racing' || state.phase === 'finished') {
      const me = state.me();
      let time = state.elapsed(clock());
      if (me?.finished) time = (me.time ?? 0) + (me.penalty ?? 0);
      else if (state.phase === 'finished') time = state.results?.find((r) => r.id === me?.id)?.time ?? null;
      setText('hud-timer', formatRaceTime(time));
    }
    this.timeLeft();
  }

  /** The race's last seconds before its time limit ends it for whoever is still racing: shown, and said
   * at 30 and 10 seconds (nothing else on the page says a race has a limit, let alone how near it is). */
  timeLeft() {
    const { state, clock } = this;
    const limit = Number(state.settings?.time_limit) * 1000;
    const left = state.phase === 'racing' && Number.isFinite(limit) ? limit - (state.elapsed(clock()) ?? 0) : null;
    const shown = left !== null && left > 0 && left <= WARN_MS && !state.me()?.finished;
    show('time-left', shown);
    if (!shown) return;
    const seconds = Math.ceil(left / 1000);
    setText('time-left', t('race.time_left', { count: seconds }));
    if ((seconds === 30 || seconds === 10) && seconds !== this.lastWarning) announce(t('race.time_left', { count: seconds }));
    this.lastWarning = seconds;
  }
}
