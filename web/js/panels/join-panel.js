// The room page's join panel: the name field and the two buttons (race, or watch; only watch when the
// room takes no player: RoomView hides the other), one join at a time.
// A player's name is remembered for next time; a watcher without a name is "Spectator" (in their language). Separate from
// room.js so the wiring only starts a join (at start-up, or from here) and hears its answer (onJoined).
import { saveName } from '../common/storage.js';
import { $, message } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { checkName, nameFits } from '../common/player-name.js';

export class JoinPanel {
  /**
   * net: the socket (net/socket.js), whose onJoined handler calls `answered()`.
   * @param {{net: Pick<import('../net/socket.js').Net, 'join'>}} parts
   */
  constructor({ net }) {
    this.net = net;
    this.joining = false;
  }

  /**
   * Ask to join as 'player' or 'spectator' (ignored while a join is unanswered).
   * @param {'player' | 'spectator'} role
   */
  async join(role) {
    if (this.joining) return;
    let name = $('name').value.trim();
    if (!name && role === 'spectator') name = t('join.spectator_name');
    if (!name) {
      message(t('join.name_first'));
      $('name').focus();
      return;
    }
    if (!nameFits($('name'))) return; // too wide for the server: said here, before a refused join
    if (role === 'player') saveName(name);
    this.joining = true;
    await this.net.join({ name, role });
  }

  /** The join was answered (accepted or refused): another may be asked. */
  answered() {
    this.joining = false;
  }

  /** The form is `novalidate`: `join` says what is wrong with a name, in the page's message, each time. */
  bind() {
    $('name').addEventListener('input', () => checkName($('name')));
    $('join-form').addEventListener('submit', (/** @type {Event} */ e) => {
      e.preventDefault();
      this.join($('join-as-player').hidden ? 'spectator' : 'player');
    });
    $('join-as-spectator').addEventListener('click', () => this.join('spectator'));
    // the page ships them disabled: pressed before this, the form would be sent as a plain page load
    for (const id of ['join-as-player', 'join-as-spectator']) $(id).disabled = false;
  }
}
