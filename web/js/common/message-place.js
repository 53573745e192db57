// Where the pop-up message (#message, app.css) shows: at the top, under the header, unless it would hide
// the spot a page keeps clear (the room page: your own marker on the maze), and then at the foot of the
// maze. A race starts at the top of the maze, right under the message, so on a short screen a hint's
// words would otherwise hide the very cells they are about. You keep moving while a hint's words show
// (for up to 7 s), so the place is checked each frame while the message shows: it goes back to the top
// when you walk down towards it, and a turned phone or resized window places it afresh.

/** @typedef {{left: number, top: number, right: number, bottom: number}} Area */
/** @typedef {{spot: {x: number, y: number}, area: Area}} KeptClear */

const SPOT_CLEARANCE = 32; // CSS px round the spot a message keeps off: the marker and a step beyond it
const AREA_MARGIN = 8; // CSS px between a moved message and the foot of its area
const WATCH_MS = 8000; // the longest a message's place is checked: longer than any hint's words show

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
 * Show a message just made visible at the top, and keep it off the spot while it shows.
 * @param {HTMLElement} box
 */
export function placeMessage(box) {
  const turn = ++placing;
  const until = performance.now() + WATCH_MS;
  box.style.removeProperty('--message-top');
  const check = () => {
    if (turn !== placing || box.hidden || performance.now() > until || !keepOff(box)) return;
    requestAnimationFrame(check);
  };
  check();
}

/**
 * Move the message between the top and the area's foot so it does not lie over the spot (staying put
 * when both places would); whether there is a spot to keep clear at all (another page, or no race on:
 * nothing to watch).
 * @param {HTMLElement} box
 */
function keepOff(box) {
  const clear = spotToKeepClear();
  if (!clear) return false;
  const { spot, area } = clear;
  const seen = spot.x >= area.left && spot.x <= area.right && spot.y >= area.top && spot.y <= area.bottom;
  if (!seen || !covers(box.getBoundingClientRect(), spot)) return true; // a marker panned away needs no room
  // it covers the spot where it is: it goes to the other place, unless that covers the spot as well
  const atFoot = box.style.getPropertyValue('--message-top') !== '';
  box.style.removeProperty('--message-top');
  const atTop = box.getBoundingClientRect();
  const foot = { top: area.bottom - atTop.height - AREA_MARGIN, bottom: area.bottom - AREA_MARGIN, left: atTop.left, right: atTop.right };
  if (atFoot ? covers(atTop, spot) : !covers(foot, spot)) box.style.setProperty('--message-top', `${foot.top}px`);
  return true;
}

/**
 * Whether a message's box lies over the spot, or within a step of it.
 * @param {{left: number, top: number, right: number, bottom: number}} r
 * @param {{x: number, y: number}} spot
 */
function covers(r, spot) {
  const near = (/** @type {number} */ v, /** @type {number} */ from, /** @type {number} */ to) => v > from - SPOT_CLEARANCE && v < to + SPOT_CLEARANCE;
  return near(spot.x, r.left, r.right) && near(spot.y, r.top, r.bottom);
}
