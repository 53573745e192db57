// The renderer's camera (web/js/render/camera.js) on its own: no canvas drawing is needed to check what the
// view shows and which cell a client point means, only the canvas's place on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Camera } from '../../web/js/render/camera.js';
import { centre } from '../../web/js/render/world.js';

const LEFT = 10;
const TOP = 20;
const page = { getBoundingClientRect: () => ({ left: LEFT, top: TOP }) }; // where the canvas sits

function camera(cssW, cssH) {
  const cam = new Camera(page);
  cam.cssW = cssW;
  cam.cssH = cssH;
  return cam;
}

/** The client point where world point [wx, wy] shows in the camera's last view. */
function clientPoint(cam, [wx, wy]) {
  const { unit, cx, cy } = cam.view;
  return [LEFT + cam.cssW / 2 + (wx - cx) * unit, TOP + cam.cssH / 2 + (wy - cy) * unit];
}

test('a small maze fits the canvas and is centred in it', () => {
  const cam = camera(420, 210);
  const maze = { rows: 10, cols: 10 }; // 21 x 21 units
  cam.reset(maze);
  assert.equal(cam.fitUnit(maze), 10);
  assert.equal(cam.follow(maze, { players: [], follow: null }, 16, false), false);
  assert.deepEqual(cam.view, { unit: 10, cx: 10.5, cy: 10.5 });
});

test('a maze too big to play at fit zooms in and keeps the followed arrow in view', () => {
  const cam = camera(300, 300);
  const maze = { rows: 100, cols: 100 }; // fit would be under 2 px a unit
  cam.reset(maze);
  const scene = { follow: 'a', players: [{ id: 'a', cell: [90, 5] }] };
  assert.equal(cam.follow(maze, scene, 16, true), false, 'reduced motion: the camera jumps');
  assert.equal(cam.view.unit, 12);
  const [x, y] = clientPoint(cam, centre([90, 5]));
  assert.ok(x >= LEFT && x <= LEFT + 300 && y >= TOP && y <= TOP + 300, `arrow at ${x}, ${y}`);
  assert.deepEqual(cam.cellAt(maze, x, y), [90, 5]);
});

test('without reduced motion the camera glides: still moving after one short frame', () => {
  const cam = camera(300, 300);
  const maze = { rows: 100, cols: 100 };
  cam.reset(maze);
  const scene = { follow: 'a', players: [{ id: 'a', cell: [0, 99] }] };
  assert.equal(cam.follow(maze, scene, 16, false), true);
});

test('a client point outside the maze is no cell', () => {
  const cam = camera(420, 210);
  const maze = { rows: 10, cols: 10 };
  cam.reset(maze);
  cam.follow(maze, { players: [], follow: null }, 16, false);
  assert.equal(cam.cellAt(maze, LEFT + 1, TOP + 1), null);
  assert.deepEqual(cam.cellAt(maze, ...clientPoint(cam, centre([9, 0]))), [9, 0]);
});

test('zooming a panned camera keeps the world point under the pointer', () => {
  const cam = camera(400, 400);
  const maze = { rows: 50, cols: 50 };
  cam.reset(maze);
  cam.follow(maze, { players: [], follow: null }, 16, false);
  cam.panBy(30, -20);
  assert.equal(cam.free, true);
  cam.follow(maze, { players: [], follow: null }, 16, false);
  const [px, py] = [LEFT + 100, TOP + 300];
  const before = cam.toWorld(px, py);
  cam.zoomBy(maze, 2, px, py);
  cam.follow(maze, { players: [], follow: null }, 16, false);
  const after = cam.toWorld(px, py);
  assert.ok(Math.abs(after[0] - before[0]) < 1e-9 && Math.abs(after[1] - before[1]) < 1e-9, `${before} -> ${after}`);
});
