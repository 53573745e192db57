// Sound effects made on the spot with Web Audio: oscillators shaped by gain envelopes, no audio files.
// Browsers let a page make sound only after the player has done something, so the AudioContext is made
// on the first pointer or key press. `counts` says how many of each sound were played (a test hook: a
// browser test checks what played without listening); a muted board plays, and counts, nothing.

/** A note: [wave, start Hz, end Hz, start s, length s, peak gain]. @typedef {[OscillatorType, number, number, number, number, number]} Note */

/** Each sound: its notes, [wave, start Hz, end Hz, start s, length s, peak gain]. @type {Readonly<Record<string, Note[]>>} */
export const SOUNDS = Object.freeze({
  step: [['triangle', 520, 440, 0, 0.035, 0.08]],
  bump: [['square', 140, 90, 0, 0.09, 0.12]],
  hint: [
    ['sine', 660, 660, 0, 0.09, 0.15],
    ['sine', 990, 990, 0.08, 0.14, 0.15],
  ],
  finish: [
    ['triangle', 523, 523, 0, 0.12, 0.2],
    ['triangle', 659, 659, 0.11, 0.12, 0.2],
    ['triangle', 784, 784, 0.22, 0.3, 0.22],
  ],
  tick: [['sine', 440, 440, 0, 0.12, 0.18]],
  go: [['sine', 880, 880, 0, 0.35, 0.22]],
});

export class SoundBoard {
  /**
   * makeContext() -> an AudioContext (or null when the browser has none).
   * @param {{muted?: boolean, makeContext?: () => AudioContext | null}} [options]
   */
  constructor({ muted = false, makeContext = defaultContext } = {}) {
    this.muted = muted;
    this.makeContext = makeContext;
    /** @type {AudioContext | null} */
    this.context = null;
    /** @type {Record<string, number>} */
    this.counts = Object.fromEntries(Object.keys(SOUNDS).map((name) => [name, 0]));
  }

  /** Make (or wake) the AudioContext: call from a user gesture. */
  unlock() {
    try {
      this.context ||= this.makeContext();
      if (this.context?.state === 'suspended') this.context.resume().catch(() => {});
    } catch {
      this.context = null; // no Web Audio here: the game stays silent
    }
  }

  /** @param {unknown} muted */
  setMuted(muted) {
    this.muted = !!muted;
  }

  /** Play sound `name` now; returns whether it was played. */
  /** @param {string} name */
  play(name) {
    const notes = SOUNDS[name];
    const ctx = this.context;
    if (!notes || this.muted || !ctx) return false;
    const t0 = ctx.currentTime;
    for (const [wave, from, to, start, length, peak] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(from, t0 + start);
      if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, t0 + start + length);
      gain.gain.setValueAtTime(0.0001, t0 + start); // a quick attack and an exponential fall: no clicks
      gain.gain.exponentialRampToValueAtTime(peak, t0 + start + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
    this.counts[name] += 1;
    return true;
  }
}

/** @returns {AudioContext | null} */
function defaultContext() {
  const Context = globalThis.AudioContext || /** @type {any} */ (globalThis).webkitAudioContext; // older Safari
  return Context ? new Context() : null;
}
