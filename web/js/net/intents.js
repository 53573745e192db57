// What this racer asks of the server: moves (a click or tap on a cell, a typed cell, a key or pad step
// paced by feel.js's stepper) and hints. A move the local maze has open is predicted at once and then
// confirmed or rolled back by its ack; a hint waits out the server's cooldown (plus a little slack)
// before the button comes back, and its answer is said in words. Separate from room.js so the rules of
// what may be sent, and when, sit in one place apart from the wiring and the panels that show them.
import { MAX_PENDING } from '../model/state.js';
import { allowedIn } from '../input/input.js';
import { decodeCells, dirBetween, step } from '../model/maze.js';
import { hintMessage } from '../model/hint-text.js';
import { message } from '../common/ui.js';
import { serverMessage, t } from '../common/i18n.js';

/** @typedef {import('../model/wire-types.js').Cell} Cell */
/** @typedef {import('../model/maze.js').Dir} Dir */
/** What the intents ask of the renderer. @typedef {{recentre(): void, invalidate(): void, playSearch(hint: {id: string, method: string}, order: Cell[]): void}} IntentsRenderer */
/** The page's session: who this connection is and the server's rules. @typedef {Pick<import('../model/state.js').Session, 'you' | 'rules'>} Session */

const COOLDOWN_SLACK_MS = 100; // on top of the server's hint cooldown: our clock and its differ a little

/** A cell as the page writes it for people: "(r, c)". */
/** @param {readonly number[]} cell */
export const cellText = ([r, c]) => `(${r}, ${c})`;

export class Intents {
  /**
   * state: the RoomState; net: the socket (its requests); renderer: recentred on a predicted move, and
   * plays a hint's search; session: read for `you` and `rules` (the hint cooldown); hintMethod and
   * showSearch: the hint box's select and checkbox; refused(move): feel.js's answer to a rolled-back
   * move; changed(): schedule a DOM update.
   * @param {{state: import('../model/state.js').RoomState, net: Pick<import('./socket.js').Net, 'request'>, renderer: IntentsRenderer,
   *   session: Session, hintMethod: HTMLSelectElement, showSearch: HTMLInputElement, refused: (predicted: boolean) => void,
   *   changed: () => void}} parts
   */
  constructor({ state, net, renderer, session, hintMethod, showSearch, refused, changed }) {
    this.state = state;
    this.net = net;
    this.renderer = renderer;
    this.session = session;
    this.hintMethod = hintMethod;
    this.showSearch = showSearch;
    this.refused = refused;
    this.changed = changed;
    this.seq = 0;
    this.hintReadyAt = 0; // Date.now() from which the hint button may be pressed again
  }

  /** 4 or 8: the moves the current maze allows. */
  directions() {
    return this.state.maze?.directions ?? 4;
  }

  /** Send a move to `target`; returns whether it was predicted (the local maze has it open). */
  /** @param {readonly number[]} target */
  moveTo(target) {
    const { state, renderer } = this;
    if (!state.canMove()) return false;
    const s = ++this.seq;
    const predicted = state.predictMove(s, target);
    if (predicted) {
      renderer.recentre();
      this.changed();
    }
    this.net.request('move', { to: target, seq: s }).then((ack) => {
      if (ack.ok) state.confirmMove(s, ack);
      else {
        this.refused(state.rejectMove(s));
        message(serverMessage(ack.error));
      }
      renderer.invalidate();
      this.changed();
    });
    return predicted;
  }

  /** A click or tap on a cell: a move if it is next to the own arrow (corners too in an 8-direction maze), ignored otherwise. */
  /** @param {readonly number[]} cell */
  clickCell(cell) {
    const from = this.state.ownCell();
    if (from && dirBetween(from, cell, this.state.maze)) this.moveTo(cell);
  }

  /** A typed cell goes to the server as it is (it names what is wrong), but never a corner of a 4-direction maze. */
  /** @param {readonly number[]} cell */
  typedMove(cell) {
    const from = this.state.ownCell();
    const dir = from && dirBetween(from, cell);
    if (dir && !allowedIn(dir, this.directions())) {
      message(t('room.no_diagonals'));
      return;
    }
    this.moveTo(cell);
  }

  /** One step (feel.js's stepper paces them): 'moved', 'blocked' (sent, but a wall here), 'busy' (too many in flight) or 'off'. */
  /** @param {Dir} dir @returns {'moved' | 'blocked' | 'busy' | 'off'} */
  move(dir) {
    const { state } = this;
    const from = state.ownCell();
    if (!from || !allowedIn(dir, this.directions()) || !state.canMove()) return 'off';
    if (state.pending.length >= MAX_PENDING) return 'busy';
    return this.moveTo(/** @type {Cell} */ (step(from, dir))) ? 'moved' : 'blocked';
  }

  hintsLeft() {
    return Math.max(0, (this.state.settings.hint_limit ?? 0) - (this.state.me()?.hints ?? 0));
  }

  /** Whether the hint cooldown still runs (the button stays disabled). */
  hintCoolingDown() {
    return Date.now() < this.hintReadyAt;
  }

  async askHint() {
    const { state, renderer, session } = this;
    if (!state.canMove() || Date.now() < this.hintReadyAt) return;
    if (this.hintsLeft() <= 0) {
      message(serverMessage({ code: 'no_hints_left' }));
      return;
    }
    const method = this.hintMethod.value;
    if (this.showAgain(method)) return;
    const order = this.showSearch.checked;
    const wait = (session.rules?.hint_cooldown_ms ?? 0) + COOLDOWN_SLACK_MS;
    this.hintReadyAt = Date.now() + wait;
    this.changed();
    setTimeout(this.changed, wait + 50);
    const ack = await this.net.request('hint', { method, order });
    if (!ack.ok) {
      message(serverMessage(ack.error));
      return;
    }
    const you = /** @type {import('../model/wire-types.js').You} */ (session.you); // canMove: a player
    const hinted = /** @type {import('../model/wire-types.js').Hinted} */ (ack); // an ok hint ack is the hint
    state.noteHint(you.id, hinted, Date.now());
    const hint = state.hints[you.id];
    if (order && typeof hinted.order === 'string' && state.maze) {
      // the explored cells come packed like the path (flat indices r * cols + c, base64)
      /** @type {Cell[]} */
      let cells = [];
      try {
        cells = decodeCells(hinted.order, state.maze);
      } catch {
        cells = [];
      }
      renderer.playSearch({ id: you.id, method: hinted.method }, cells);
    }
    const said = hintMessage(hinted, hint, state.ownCell());
    message(said.text, 'info', said.ms);
    renderer.invalidate();
    this.changed();
  }

  /**
   * A hint asked by the same method from the cell the last one answered for, with no step since, would
   * spend a hint (and its penalty) on the answer the racer has: that answer is shown again instead, for
   * free. Whether it was.
   * @param {string} method
   */
  showAgain(method) {
    const { state, renderer, session } = this;
    const last = session.you ? state.hints[session.you.id] : undefined;
    const here = state.ownCell();
    if (!last || last.method !== method || !last.from || !here || state.pending.length) return false;
    if (last.from[0] !== here[0] || last.from[1] !== here[1]) return false;
    last.at = Date.now(); // drawn again from the start
    const said = hintMessage(last, last, here);
    message(t('room.hint.again', { hint: said.text }), 'info', said.ms);
    renderer.invalidate();
    return true;
  }
}
