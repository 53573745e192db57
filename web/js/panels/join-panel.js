// The room page's join panel: the name field and the two buttons (race, or watch; only watch when the
// room takes no player: RoomView hides the other), one join at a time.
// A player's name is remembered for next time; a watcher without a name is "Spectator" (in their language). Separate from
// room.js so the wiring only starts a join (at start-up, or from here) and hears its answer (onJoined).
import { saveName } from '../common/storage.js';
import { $, message } from '../common/ui.js';
import { t } from '../common/i18n.js';
import { nameFits } from '../common/player-name.js';

export class JoinPanel {
  /**
   * net: the socket (net/socket.js), whose onJoined handler calls `answered()`; seated: whether this tab
   * holds a seat in the room (its token), which the server gives back whatever name is asked with.
   * @param {{net: Pick<import('../net/socket.js').Net, 'join'>, seated: () => boolean}} parts
   */
  constructor({ net, seated }) {
    this.net = net;
    this.seated = seated;
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
    // a new player's name too wide for the server is said here, before a refused join; a watcher's
    // name and a returning player's are not checked by the server, so not here either
    if (role === 'player' && !this.seated() && !nameFits($('name'))) return;
    if (role === 'player') saveName(name);
    this.joining = true;
    await this.net.join({ name, role });
  }

  /** The join was answered (accepted or refused): another may be asked. */
  answered() {
    this.joining = false;
  }

  bind() {
    $('join-form').addEventListener('submit', (/** @type {Event} */ e) => {
      e.preventDefault();
      this.join($('join-as-player').hidden ? 'spectator' : 'player');
    });
    $('join-as-spectator').addEventListener('click', () => this.join('spectator'));
    // the page ships them disabled: pressed before this, the form would be sent as a plain page load
    for (const id of ['join-as-player', 'join-as-spectator']) $(id).disabled = false;
  }
}
