// The editor's live card (the server's MazeCard, server/maze/maze_card.py, computed in the browser so it
// follows every stroke): solvable or not, the shortest way and how many shortest routes there are, dead
// ends, decision points and loops. Pure: it reads the decoded maze's passage arrays (model/maze.js) and
// touches no DOM. Everything runs on flat typed arrays: one open-sides mask a cell, then a breadth-first
// search from the entrance and one from the exit, so a 150 x 150 maze is measured in a few milliseconds
// and drawing stays smooth. Routes are counted only over the cells that lie on some shortest way, in
// plain numbers while they are exact and again with BigInt when they are not.

/** @typedef {import('./maze.js').Maze} Maze */
/** A count as the wire carries it: a number up to 2^53 - 1, beyond that its decimal digits. @typedef {number | string} Count */

/**
 * @typedef {object} MazeCard
 * @property {boolean} solvable
 * @property {number | null} shortest steps of the shortest way from the entrance to the exit
 * @property {Count | null} shortest_routes how many different shortest ways there are
 * @property {number} dead_ends cells with exactly one open side, other than the entrance and the exit
 * @property {number} decision_points cells with three or more open sides
 * @property {number} loops open passages - cells + connected components
 */

/** Bit of each direction in a cell's mask, in neighbour order: E, S, W, N, SE, SW, NW, NE. */
const E = 1, S = 2, W = 4, N = 8, SE = 16, SW = 32, NW = 64, NE = 128;

/**
 * Each cell's open sides as one byte (bits E, S, W, N, SE, SW, NW, NE), from the passage arrays. The
 * outer wall is closed whatever the arrays say, as decodeMaze keeps it.
 * @param {Maze} maze
 * @returns {Uint8Array}
 */
export function sideMasks(maze) {
  const { rows, cols, size, east, south, southeast, southwest } = maze;
  const eight = maze.directions === 8;
  const masks = new Uint8Array(size);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, i++) {
      if (c < cols - 1 && east[i]) {
        masks[i] |= E;
        masks[i + 1] |= W;
      }
      if (r < rows - 1 && south[i]) {
        masks[i] |= S;
        masks[i + cols] |= N;
      }
      if (eight && r < rows - 1) {
        if (c < cols - 1 && southeast[i]) {
          masks[i] |= SE;
          masks[i + cols + 1] |= NW;
        }
        if (c > 0 && southwest[i]) {
          masks[i] |= SW;
          masks[i + cols - 1] |= NE;
        }
      }
    }
  }
  return masks;
}

/** The flat index offset of each mask bit, for a maze `cols` wide. @param {number} cols */
function offsets(cols) {
  return [1, cols, -1, -cols, cols + 1, cols - 1, -cols - 1, -cols + 1];
}

/** Open sides of each mask byte (a popcount table). */
const SIDES = new Uint8Array(256).map((_, m) => {
  let n = 0;
  for (let b = m; b; b >>= 1) n += b & 1;
  return n;
});

/**
 * Steps from `start` to every cell through open sides (-1 where it cannot go), and the cells in the
 * order they were reached.
 * @param {Uint8Array} masks
 * @param {number} cols
 * @param {number} start
 * @returns {{dist: Int32Array, order: Int32Array, reached: number}}
 */
export function distances(masks, cols, start) {
  const size = masks.length;
  const dist = new Int32Array(size).fill(-1);
  const order = new Int32Array(size);
  const step = offsets(cols);
  dist[start] = 0;
  order[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const i = order[head++];
    const m = masks[i];
    const d = dist[i] + 1;
    for (let b = 0; b < 8; b++) {
      if (!(m & (1 << b))) continue;
      const j = i + step[b];
      if (dist[j] < 0) {
        dist[j] = d;
        order[tail++] = j;
      }
    }
  }
  return { dist, order, reached: tail };
}

/** Cells apart from the open-sides masks: components by a flood over every cell. @param {Uint8Array} masks @param {number} cols */
function components(masks, cols) {
  const size = masks.length;
  const seen = new Uint8Array(size);
  const queue = new Int32Array(size);
  const step = offsets(cols);
  let count = 0;
  for (let s = 0; s < size; s++) {
    if (seen[s]) continue;
    count++;
    seen[s] = 1;
    if (!masks[s]) continue;
    queue[0] = s;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const i = queue[head++];
      const m = masks[i];
      for (let b = 0; b < 8; b++) {
        if (!(m & (1 << b))) continue;
        const j = i + step[b];
        if (!seen[j]) {
          seen[j] = 1;
          queue[tail++] = j;
        }
      }
    }
  }
  return count;
}

/**
 * How many shortest ways lead from the entrance to the exit: each cell on a shortest way adds up the
 * counts of its neighbours one step nearer the entrance, in the order the entrance's search reached
 * them. Exact: numbers while every count stays below 2^53, else done again with BigInt.
 * @param {Uint8Array} masks
 * @param {number} cols
 * @param {{dist: Int32Array, order: Int32Array, reached: number}} from the entrance's search
 * @param {Int32Array} toExit steps to the exit
 * @param {number} shortest
 * @param {number} goal the exit's index
 * @returns {Count}
 */
function countRoutes(masks, cols, from, toExit, shortest, goal) {
  const step = offsets(cols);
  const { dist, order, reached } = from;
  const onWay = (/** @type {number} */ i) => dist[i] + toExit[i] === shortest;
  const plain = new Float64Array(masks.length);
  plain[order[0]] = 1;
  let exact = true;
  for (let k = 1; k < reached && exact; k++) {
    const i = order[k];
    if (!onWay(i)) continue;
    let sum = 0;
    for (let b = 0; b < 8; b++) if (masks[i] & (1 << b) && dist[i + step[b]] === dist[i] - 1) sum += plain[i + step[b]];
    plain[i] = sum;
    if (sum > Number.MAX_SAFE_INTEGER) exact = false;
  }
  if (exact) return plain[goal];
  /** @type {bigint[]} */
  const big = new Array(masks.length).fill(0n);
  big[order[0]] = 1n;
  for (let k = 1; k < reached; k++) {
    const i = order[k];
    if (!onWay(i)) continue;
    let sum = 0n;
    for (let b = 0; b < 8; b++) if (masks[i] & (1 << b) && dist[i + step[b]] === dist[i] - 1) sum += big[i + step[b]];
    big[i] = sum;
  }
  const total = big[goal];
  return total <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(total) : total.toString();
}

/**
 * The card of a maze: what the editor shows beside it after every edit.
 * @param {Maze} maze
 * @returns {MazeCard}
 */
export function mazeCard(maze) {
  return cardFrom(maze, sideMasks(maze)).card;
}

/**
 * The card and the searches it was made from (the shortest way is read off them).
 * @param {Maze} maze
 * @param {Uint8Array} masks
 */
export function cardFrom(maze, masks) {
  const { cols } = maze;
  const start = maze.entrance[0] * cols + maze.entrance[1];
  const goal = maze.exit[0] * cols + maze.exit[1];
  let passages = 0;
  let deadEnds = 0;
  let decisions = 0;
  for (let i = 0; i < masks.length; i++) {
    const n = SIDES[masks[i]];
    passages += n;
    if (n === 1 && i !== start && i !== goal) deadEnds++; // a race starts and ends there: no dead end
    else if (n >= 3) decisions++;
  }
  passages /= 2; // each passage is a side of two cells
  const loops = passages - masks.length + components(masks, cols);
  const from = distances(masks, cols, start);
  const toExit = distances(masks, cols, goal).dist;
  const shortest = from.dist[goal];
  const solvable = shortest >= 0;
  /** @type {MazeCard} */
  const card = {
    solvable,
    shortest: solvable ? shortest : null,
    shortest_routes: solvable ? countRoutes(masks, cols, from, toExit, shortest, goal) : null,
    dead_ends: deadEnds,
    decision_points: decisions,
    loops,
  };
  return { card, masks, toExit, start, goal };
}

/**
 * One shortest way from the entrance to the exit as [r, c] cells (null when there is none): from the
 * entrance, always the first open neighbour one step nearer the exit.
 * @param {Maze} maze
 * @param {Uint8Array} [masks]
 * @returns {[number, number][] | null}
 */
export function shortestWay(maze, masks = sideMasks(maze)) {
  const { cols } = maze;
  const start = maze.entrance[0] * cols + maze.entrance[1];
  const goal = maze.exit[0] * cols + maze.exit[1];
  const toExit = distances(masks, cols, goal).dist;
  if (toExit[start] < 0) return null;
  const step = offsets(cols);
  /** @type {[number, number][]} */
  const way = [[maze.entrance[0], maze.entrance[1]]];
  let i = start;
  while (i !== goal) {
    let next = -1;
    for (let b = 0; b < 8 && next < 0; b++) if (masks[i] & (1 << b) && toExit[i + step[b]] === toExit[i] - 1) next = i + step[b];
    i = next;
    way.push([Math.floor(i / cols), i % cols]);
  }
  return way;
}
