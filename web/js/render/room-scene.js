// What the renderer draws each frame, pulled from the room state: the players (in a fog race only
// those in sight of the racer whose fog it is), the hints this viewer may see, whom the camera follows,
// whose trails show, and the fog itself. Separate from room.js because it is the one pure part of the
// page: no DOM, no socket, a frame's picture is a function of the state and of the viewer's choices
// (who you are, whom you follow, whose eyes you watch through), so node tests can check it.

/** @typedef {import('../model/wire-types.js').Cell} Cell */
/** @typedef {import('../model/state.js').RoomState} RoomState */
/** @typedef {import('./fog-layer.js').Fog} Fog */
/** @typedef {import('./fog-layer.js').FogLens} FogLens */

/** A player as drawn. @typedef {{id: string, colour?: string, cell: readonly number[] | null, facing?: string, trail: readonly (readonly number[])[], label?: string, connected?: boolean}} ScenePlayer */
/** A hint as drawn, in the colour of whoever asked it. @typedef {import('../model/room-records.js').Hint & {colour?: string}} SceneHint */
/**
 * What the renderer draws in a frame: the room page's comes from roomScene, the replay page makes its own.
 * @typedef {object} Scene
 * @property {import('../model/fog.js').FogMaze | import('../model/maze.js').Maze | null} maze
 * @property {ScenePlayer[]} players
 * @property {string | null} [youId]
 * @property {string | null} [follow]
 * @property {'own' | 'seer' | 'all'} trails
 * @property {string | null} [seer]
 * @property {SceneHint[]} hints
 * @property {Fog | null} [fog]
 * @property {readonly import('../model/ghosts.js').Ghost[]} [ghosts]
 */
/** Who looks: this client's player, whom the camera follows ('' nobody), whose eyes ('' everyone's). @typedef {{youId?: string, followId?: string, eyesId?: string}} Viewer */

/**
 * The fog to draw, or null: a fog racer's own (their maze is what they have seen, lit around where
 * their arrow stands), or, watching a fog race, the racer picked in "See through" (their seen cells).
 */
/** @param {RoomState} state @param {FogLens} lens @param {Viewer} viewer @returns {Fog | null} */
export function fogScene(state, lens, { youId, eyesId }) {
  const maze = state.maze;
  if (!maze) return null;
  if (maze.seen) return lens.look(maze, maze.seen, maze.revision, state.ownCell(), state.settings.vision, /** @type {string} */ (youId));
  const eyes = eyesId ? state.eyes.get(eyesId) : null;
  return eyes && eyesId ? lens.look(maze, eyes.seen, eyes.revision, state.player(eyesId)?.cell, state.settings.vision, eyesId) : null;
}

/**
 * The scene for render.js. `viewer`: {youId (undefined before joining), followId ('' nobody), eyesId
 * ('' everyone)}. A racer sees their own hints only; a watcher sees everyone's (under fog, the seer's).
 * @param {RoomState} state
 * @param {FogLens} lens
 * @param {Viewer} viewer
 * @returns {Scene}
 */
export function roomScene(state, lens, viewer) {
  const { youId, followId } = viewer;
  const racing = state.canMove();
  const watching = !racing;
  const fog = fogScene(state, lens, viewer);
  const inSight = (/** @type {readonly number[] | null} */ cell) => !fog || (!!cell && fog.visible[cell[0] * fog.maze.cols + cell[1]] === 1);
  const players = state.players.map((p, i) => {
    const v = /** @type {import('../model/room-records.js').Player} */ (state.view(p.id)); // p is one of the players
    const seer = p.id === fog?.who; // under fog the others show only in sight of the one whose fog it is
    const cell = seer || inSight(v.cell) ? v.cell : null;
    return { id: p.id, colour: p.colour, cell, facing: v.facing, trail: v.trail, label: String(i + 1), connected: p.connected };
  });
  /** @type {SceneHint[]} */
  const hints = [];
  for (const h of Object.values(state.hints)) {
    const yours = youId != null && h.id === youId;
    if ((yours || watching) && (!fog || h.id === fog.who)) hints.push({ ...h, colour: state.player(h.id)?.colour });
  }
  return {
    maze: state.maze,
    players,
    youId,
    follow: racing ? youId : followId || null,
    trails: !watching ? 'own' : fog ? 'seer' : 'all',
    seer: fog?.who ?? null,
    hints,
    fog,
    ghosts: state.ghosts,
  };
}
