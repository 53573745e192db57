// Where the pop-up message (#message, app.css) shows: at the top, under the header, unless it would hide
// the spot a page keeps clear (the room page: your own marker on the maze), and then at the foot of the
// maze. A race starts at the top of the maze, right under the message, so on a short screen a hint's
// words would otherwise hide the very cells they are about. The view may still be gliding (the camera
// catching up with you), so the place is checked each frame for a few seconds; once moved, it stays,
// until the window changes size (a phone turned), which places it afresh.

/** @typedef {{left: number, top: number, right: number, bottom: number}} Area */
/** @typedef {{spot: {x: number, y: number}, area: Area}} KeptClear */

const SPOT_CLEARANCE = 32; // CSS px round the spot a message keeps off: the marker and a step beyond it
const AREA_MARGIN = 8; // CSS px between a moved message and the foot of its area
const WATCH_MS = 4000; // how long a message's place is checked: the camera has settled by then

/** @type {() => KeptClear | null} */
let spotToKeepClear = () => null;
let placing = 0; // the latest message's turn: an older message's checks stop when a new one shows

/**
 * Name the spot a message must leave in sight, and the area (where the spot is seen) whose foot it
 * moves to instead.
 * @param {() => KeptClear | null} provider
 */
export function keepMessagesOff(provider) {
  spotToKeepClear = provider;
  addEventListener('resize', () => {
    const box = document.getElementById('message');
    if (box && !box.hidden) placeMessage(box);
  });
}

/**
 * Show a message just made visible at the top, and move it to the kept-clear area's foot if, while it
 * shows, it would cover the spot there.
 * @param {HTMLElement} box
 */
export function placeMessage(box) {
  const turn = ++placing;
  const until = performance.now() + WATCH_MS;
  box.style.removeProperty('--message-top');
  const check = () => {
    if (turn !== placing || box.hidden || performance.now() > until || settled(box)) return;
    requestAnimationFrame(check);
  };
  check();
}

/**
 * Move the message to the area's foot when it lies over the spot (and the foot does not); whether its
 * place is settled: moved, or nothing to keep clear (another page, or no race on).
 * @param {HTMLElement} box
 */
function settled(box) {
  const clear = spotToKeepClear();
  if (!clear) return true;
  const { spot, area } = clear;
  const seen = spot.x >= area.left && spot.x <= area.right && spot.y >= area.top && spot.y <= area.bottom;
  if (!seen) return false; // a marker the view does not show (panned away) needs no room
  const r = box.getBoundingClientRect();
  const near = (/** @type {number} */ v, /** @type {number} */ from, /** @type {number} */ to) => v > from - SPOT_CLEARANCE && v < to + SPOT_CLEARANCE;
  if (!near(spot.x, r.left, r.right) || !near(spot.y, r.top, r.bottom)) return false;
  const top = area.bottom - r.height - AREA_MARGIN;
  if (spot.y > top - SPOT_CLEARANCE) return false; // the foot would cover it too: the top it is
  box.style.setProperty('--message-top', `${top}px`);
  return true;
}
