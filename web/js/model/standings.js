// Standings and progress: who leads, and how far each racer is along (the progress bars). Its own
// module because the order is a rule shared with the server (tests/cases/standings.json, run against
// server/room/results.py too) and is pure arithmetic on the players, nothing of the room's state.

/** @typedef {import('./room-records.js').Player} Player */
/** What the standings read of a player. @typedef {Pick<Player, 'finished' | 'dnf' | 'distance' | 'time' | 'penalty' | 'rank'>} Racing */

const clamp01 = (/** @type {number} */ x) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** How far `p` is along, 0 to 1, with `shortest` the maze's shortest way (unknown progress shows 0). */
/** @param {Partial<Racing>} p @param {number | null | undefined} shortest */
export function progress(p, shortest) {
  if (p.finished) return 1;
  if (shortest == null || !(shortest > 0) || p.distance == null) return 0;
  return clamp01(1 - p.distance / shortest);
}

/** Players best first: finished by total time (the server's rank breaks a tie: who finished first),
 * then racing by distance left, then DNF; `[{player, progress}]`.
 * @template {Partial<Racing>} P
 * @param {P[]} players
 * @param {number | null | undefined} shortest
 * @returns {{player: P, progress: number}[]}
 */
export function standings(players, shortest) {
  const group = (/** @type {P} */ p) => (p.finished ? 0 : p.dnf ? 2 : 1);
  const left = (/** @type {P} */ p) => (p.distance == null ? Infinity : p.distance);
  const total = (/** @type {P} */ p) => (p.time ?? Infinity) + (p.penalty ?? 0);
  const finishedOrder = (/** @type {P} */ a, /** @type {P} */ b) => total(a) - total(b) || (a.rank ?? 99) - (b.rank ?? 99);
  return players
    .map((p, order) => ({ p, order }))
    .sort(
      (a, b) =>
        group(a.p) - group(b.p) ||
        (group(a.p) === 0 ? finishedOrder(a.p, b.p) : left(a.p) - left(b.p)) ||
        a.order - b.order,
    )
    .map(({ p }) => ({ player: p, progress: progress(p, shortest) }));
}
