// The canvas renderer. Draws what it is given (a scene from room.js); never touches the socket.
// World units are the squares of seed 000's (2R+1) x (2C+1) wall matrix: cell (r, c) is the unit square
// at (2c+1, 2r+1); walls are black blocks, passages white. The maze is drawn once, one pixel a unit, to
// an offscreen canvas and scaled up without smoothing, so any zoom stays crisp. An 8-direction maze
// cannot be drawn as blocks (a diagonal passage runs through a corner), so it is drawn as cells joined
// by passage strokes (maze8.js): offscreen at a few pixels a unit when zoomed out, straight onto the
// canvas for the part in view when zoomed in. Drawing happens only inside requestAnimationFrame.
// In a fog race the scene carries the fog (fog-layer.js): a picture of one pixel a unit laid over the
// maze, and the maze's picture is repainted where moves revealed cells (the maze grows in place).
import { safeColour } from './ui.js';
import { paintMaze8, drawMaze8 } from './maze8.js';
import { fogPixels } from './fog-layer.js';
import { drawGhosts } from './ghost-draw.js';

const HINT_HOLD = 2500; // ms a hint path stays fully visible
const HINT_FADE = 1500; // ... then fades out over this
const PLAY_UNIT = 12; // CSS px a unit when a maze is too big to play at "fit"
const MIN_FIT = 7; // below this many px a unit, players get the zoomed, following camera
const MAX_UNIT = 48;
const Q = Math.PI / 4;
const ANGLE = { right: 0, 'down-right': Q, down: 2 * Q, 'down-left': 3 * Q, left: 4 * Q, 'up-left': -3 * Q, up: -2 * Q, 'up-right': -Q };
const ENTRANCE = [46, 160, 67]; // green
const EXIT = [214, 39, 40]; // red (also checkered, for colour-blind players)

const centre = ([r, c]) => [2 * c + 1.5, 2 * r + 1.5];

export class Renderer {
  /** getScene() -> {maze, players, youId, follow, trails: 'own'|'all', hints, fog?, ghosts?} (see room.js) */
  constructor(canvas, getScene) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.getScene = getScene;
    this.maze = null;
    this.image = null;
    this.painted = { revision: 0, reveals: 0 }; // how much of a growing fog maze the image shows
    this.fog = null; // the scene's fog last drawn, and its picture
    this.fogImage = null;
    this.unit = null; // CSS px a unit chosen by zoom; null = automatic
    this.cx = 0; // camera centre, world units
    this.cy = 0;
    this.free = false; // panned by hand: stop following
    this.search = null; // own search animation
    this.frameRequested = false;
    this.last = 0;
    this.cssW = 0;
    this.cssH = 0;
    this.view = { unit: 1, cx: 0, cy: 0 };
    this.drawn = null; // the last frame's world-to-canvas transform {du, tx, ty}, device pixels
    this.reducedMotion = false; // the camera jumps, hint paths do not pulse, searches show at once (feel.js)
    this.probe = null; // probe(frame time, ms spent drawing) after each frame (feel.js's test hook)
    const resize = () => {
      this.cssW = canvas.clientWidth;
      this.cssH = canvas.clientHeight;
      this.invalidate();
    };
    if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);
    window.addEventListener('resize', resize);
    resize();
  }

  invalidate() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((t) => {
      this.frameRequested = false;
      const started = performance.now();
      this.draw(t);
      this.probe?.(t, performance.now() - started);
    });
  }

  /** A new maze (or none): redraw the wall matrix offscreen. */
  setMaze(maze) {
    if (maze === this.maze) return;
    this.maze = maze;
    this.search = null;
    this.unit = null;
    this.free = false;
    this.image = !maze ? null : maze.directions === 8 ? paintMaze8(maze) : paintMaze(maze);
    this.painted = { revision: maze?.revision ?? 0, reveals: maze?.reveals?.length ?? 0 };
    this.fog = null;
    this.fogImage = null;
    if (maze) {
      this.cx = maze.cols + 0.5;
      this.cy = maze.rows + 0.5;
      const follow = this.getScene().follow;
      if (follow) this.snapTo(follow);
    }
    this.invalidate();
  }

  zoomBy(factor, clientX, clientY) {
    if (!this.maze) return;
    const before = this.unit ?? this.view.unit;
    const fit = this.fitUnit();
    const unit = Math.min(MAX_UNIT, Math.max(Math.min(fit, 2), before * factor));
    if (clientX != null && this.free) {
      const [wx, wy] = this.toWorld(clientX, clientY);
      const rect = this.canvas.getBoundingClientRect();
      this.cx = wx - (clientX - rect.left - this.cssW / 2) / unit;
      this.cy = wy - (clientY - rect.top - this.cssH / 2) / unit;
    }
    this.unit = unit;
    this.invalidate();
  }

  panBy(dx, dy) {
    this.free = true;
    this.cx -= dx / this.view.unit;
    this.cy -= dy / this.view.unit;
    this.invalidate();
  }

  /** Stop the free camera and follow the scene's `follow` player again. */
  recentre() {
    this.free = false;
    this.invalidate();
  }

  snapTo(id) {
    const p = this.getScene().players.find((q) => q.id === id);
    if (p?.cell) [this.cx, this.cy] = centre(p.cell);
  }

  /** The cell under a client point, or null. */
  cellAt(clientX, clientY) {
    if (!this.maze) return null;
    const [wx, wy] = this.toWorld(clientX, clientY);
    const c = Math.round((wx - 1.5) / 2);
    const r = Math.round((wy - 1.5) / 2);
    return r >= 0 && c >= 0 && r < this.maze.rows && c < this.maze.cols ? [r, c] : null;
  }

  /** The canvas pixel (device pixels) where world point (wx, wy) was last drawn, or null before a frame. */
  canvasPoint(wx, wy) {
    const d = this.drawn;
    return d ? [d.tx + wx * d.du, d.ty + wy * d.du] : null;
  }

  toWorld(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const { unit, cx, cy } = this.view;
    return [(clientX - rect.left - this.cssW / 2) / unit + cx, (clientY - rect.top - this.cssH / 2) / unit + cy];
  }

  fitUnit() {
    if (!this.maze) return 1;
    return Math.min(this.cssW / (2 * this.maze.cols + 1), this.cssH / (2 * this.maze.rows + 1));
  }

  /** Animate the explored order of the own hint (seed 002), then show its path. */
  playSearch(hint, order) {
    if (!order?.length) return;
    const duration = Math.min(5000, Math.max(900, order.length * 12));
    this.search = { id: hint.id, method: hint.method, order, start: Date.now(), duration };
    this.invalidate();
  }

  // ---- drawing ----
  draw(time) {
    const dt = Math.min(100, time - (this.last || time));
    this.last = time;
    const { canvas, ctx } = this;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(this.cssW * dpr));
    const h = Math.max(1, Math.round(this.cssH * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#d9dde3';
    ctx.fillRect(0, 0, w, h);
    if (!this.maze || !this.image || !this.cssW || !this.cssH) return; // nothing to show, or hidden
    const scene = this.getScene();
    const now = Date.now();
    let animating = this.moveCamera(scene, dt);
    this.repaintRevealed();

    // Crisp blocks: a whole number of device pixels a unit once units are big enough.
    let du = this.view.unit * dpr;
    if (du >= 2) du = Math.floor(du); // rounding down keeps a fitted maze inside the canvas
    this.view.unit = du / dpr; // what is drawn is what picking and panning use
    const tx = Math.round(w / 2 - this.view.cx * du);
    const ty = Math.round(h / 2 - this.view.cy * du);
    ctx.setTransform(du, 0, 0, du, tx, ty);
    this.drawn = { du, tx, ty };
    const px = 1 / du; // one device pixel in world units
    const unitCss = du / dpr;
    const view = [-tx / du - 1, -ty / du - 1, (w - tx) / du + 1, (h - ty) / du + 1]; // visible world box
    const scale = this.image.scale || 1; // offscreen pixels a unit
    if (this.maze.directions === 8 && du > scale) {
      drawMaze8(ctx, this.maze, view); // zoomed in past the offscreen picture: draw what is in view, sharp
    } else {
      ctx.imageSmoothingEnabled = scale > 1; // the 8-direction picture is shrunk smoothly, blocks stay crisp
      ctx.drawImage(this.image, 0, 0, this.image.width / scale, this.image.height / scale);
    }

    const fogged = this.drawFog(ctx, scene.fog);
    this.drawExit(ctx, fogged);
    if (this.search) animating = this.drawSearch(ctx, now) || animating;
    animating = this.drawHints(ctx, scene, now, unitCss) || animating;
    this.drawTrails(ctx, scene, unitCss, view);
    drawGhosts(ctx, scene.ghosts || [], unitCss); // under the players: a ghost never hides a racer
    this.drawPlayers(ctx, scene, unitCss, px);
    if (this.search && now < this.search.start + this.search.duration) this.drawCaption(ctx, dpr);
    if (animating) this.invalidate();
  }

  /** Move the camera towards where it should be; true while still moving. */
  moveCamera(scene, dt) {
    const maze = this.maze;
    const W = 2 * maze.cols + 1;
    const H = 2 * maze.rows + 1;
    const fit = this.fitUnit();
    const followed = scene.follow ? scene.players.find((p) => p.id === scene.follow) : null;
    const unit = this.unit ?? (fit >= MIN_FIT || !followed ? fit : Math.max(fit, PLAY_UNIT));
    const halfW = this.cssW / 2 / unit;
    const halfH = this.cssH / 2 / unit;
    let [tx, ty] = [this.cx, this.cy];
    if (!this.free && followed?.cell) {
      // Keep the followed arrow inside the middle of the view (a dead zone), not glued to the centre.
      const [px, py] = centre(followed.cell);
      const zx = halfW * 0.35;
      const zy = halfH * 0.35;
      tx = Math.min(Math.max(tx, px - zx), px + zx);
      ty = Math.min(Math.max(ty, py - zy), py + zy);
    }
    const clampAxis = (v, half, size) => (2 * half >= size ? size / 2 : Math.min(Math.max(v, half - 1), size - half + 1));
    tx = clampAxis(tx, halfW, W);
    ty = clampAxis(ty, halfH, H);
    const k = this.free || this.reducedMotion ? 1 : Math.min(1, dt / 90);
    this.cx += (tx - this.cx) * k;
    this.cy += (ty - this.cy) * k;
    const moving = Math.abs(tx - this.cx) * unit > 0.5 || Math.abs(ty - this.cy) * unit > 0.5;
    if (!moving) [this.cx, this.cy] = [tx, ty];
    this.view = { unit, cx: this.cx, cy: this.cy };
    return moving;
  }

  /**
   * A fog maze grows in place: bring the maze's picture up to date with the cells revealed since it was
   * painted. The wall matrix (one pixel a unit) is cheap to paint again; an 8-direction picture is
   * repainted only around the new cells, clipped, so nothing beside them changes.
   */
  repaintRevealed() {
    const maze = this.maze;
    if (!maze.seen || maze.revision === this.painted.revision) return;
    if (maze.directions !== 8) this.image = paintMaze(maze);
    else {
      const fresh = maze.reveals.slice(this.painted.reveals);
      if (fresh.length) {
        const rs = fresh.map((i) => Math.floor(i / maze.cols));
        const cs = fresh.map((i) => i % maze.cols);
        const [x0, y0] = [2 * Math.min(...cs), 2 * Math.min(...rs)];
        const [x1, y1] = [2 * Math.max(...cs) + 3, 2 * Math.max(...rs) + 3]; // a cell, its sides and corners
        const ctx = this.image.getContext('2d');
        const scale = this.image.scale;
        ctx.save();
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        ctx.beginPath();
        ctx.rect(x0, y0, x1 - x0, y1 - y0);
        ctx.clip();
        drawMaze8(ctx, maze, [x0, y0, x1, y1]);
        ctx.restore();
      }
    }
    this.painted = { revision: maze.revision, reveals: maze.reveals.length };
  }

  /**
   * The fog over the maze: unknown dark, remembered dimmed, what is in sight lit. The picture (one
   * pixel a unit) is rebuilt only when the scene's fog object changes (fog-layer.js's FogLens keeps
   * it while nothing changed). Returns whether the exit is under fog.
   */
  drawFog(ctx, fog) {
    if (!fog || fog.maze !== this.maze) return false;
    if (fog !== this.fog || !this.fogImage) {
      const { width, height, data } = fogPixels(this.maze, fog.seen, fog.visible);
      const canvas = this.fogImage || document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').putImageData(new ImageData(data, width, height), 0, 0);
      this.fogImage = canvas;
      this.fog = fog;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.fogImage, 0, 0);
    const [r, c] = this.maze.exit;
    return fog.seen[r * this.maze.cols + c] !== 1;
  }

  /** The exit, checkered (for colour-blind players); under fog it shows through, tinted: its place is no secret. */
  drawExit(ctx, fogged = false) {
    const [r, c] = this.maze.exit;
    const x = 2 * c + 1;
    const y = 2 * r + 1;
    if (fogged) {
      ctx.fillStyle = `rgba(${EXIT.join(',')},.75)`;
      ctx.fillRect(x, y, 1, 1);
    }
    ctx.fillStyle = 'rgba(0,0,0,.8)';
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if ((i + j) % 2) ctx.fillRect(x + i / 4, y + j / 4, 0.25, 0.25);
  }

  drawSearch(ctx, now) {
    // Cells explored so far in pale blue; the most recent ones in orange. A queue (BFS) shows a
    // widening ring of recent cells, a stack (DFS) one long snake: the difference seed 002 is about.
    const s = this.search;
    const raw = (now - s.start) / s.duration;
    const t = this.reducedMotion && raw < 1 ? 1 : raw; // reduced motion: the whole search at once
    const n = s.order.length;
    const shown = Math.min(n, Math.ceil(Math.max(0, t) * n));
    const recent = t > 1 ? 0 : Math.max(8, Math.round(n * 0.06));
    const fade = t > 1 ? Math.max(0, 1 - (t - 1) * 2) : 1;
    const fill = (from, to, colour, alpha) => {
      ctx.globalAlpha = alpha * fade;
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (let i = Math.max(0, from); i < to; i++) {
        const [r, c] = s.order[i];
        ctx.rect(2 * c + 1, 2 * r + 1, 1, 1);
      }
      ctx.fill();
    };
    fill(0, shown - recent, '#4a90d9', 0.45);
    fill(shown - recent, shown, '#f57c00', 0.85);
    if (shown > 0 && t <= 1) {
      const [r, c] = s.order[shown - 1];
      ctx.globalAlpha = 1;
      ctx.strokeStyle = '#c2185b';
      ctx.lineWidth = 0.3;
      ctx.strokeRect(2 * c + 0.85, 2 * r + 0.85, 1.3, 1.3);
    }
    ctx.globalAlpha = 1;
    if (t > 1.5) {
      this.search = null;
      return false;
    }
    return true;
  }

  drawCaption(ctx, dpr) {
    const s = this.search;
    const name = { dfs: 'DFS: stack (last in, first out)', bfs: 'BFS: queue (first in, first out)', astar: 'A*: nearest guess first' };
    const text = `${name[s.method] || s.method} · ${s.order.length} cells explored`;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.font = '600 13px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 16;
    const y = this.cssH - 32;
    ctx.fillStyle = 'rgba(20,20,30,.85)';
    ctx.fillRect(8, y, w, 24);
    ctx.fillStyle = '#fff';
    ctx.fillText(text, 16, y + 17);
  }

  drawHints(ctx, scene, now, unitCss) {
    let animating = false;
    for (const hint of scene.hints) {
      let at = hint.at;
      if (this.search && hint.id === this.search.id) {
        at = Math.max(at, this.search.start + this.search.duration);
        if (now < at) {
          animating = true;
          continue;
        }
      }
      const age = now - at;
      if (age > HINT_HOLD + HINT_FADE) continue;
      animating = true;
      const alpha = age < HINT_HOLD ? 1 : 1 - (age - HINT_HOLD) / HINT_FADE;
      const colour = safeColour(hint.colour);
      ctx.globalAlpha = alpha;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      const pulse = this.reducedMotion || age >= HINT_HOLD ? 1 : 1 + 0.3 * Math.sin((age / 400) * Math.PI) ** 2;
      const width = Math.max(0.3, 3 / unitCss) * pulse;
      if (hint.found && hint.path?.length) {
        line(ctx, hint.path, width * 1.8, '#000');
        line(ctx, hint.path, width, colour);
      } else if (hint.explore_path?.length) {
        // a fog race with no known way out: the way to the nearest unexplored cell, and a ring on it
        ctx.setLineDash([0.9, 0.45]);
        line(ctx, hint.explore_path, width * 1.8, '#fff');
        line(ctx, hint.explore_path, width, colour);
        ctx.setLineDash([]);
        const [x, y] = centre(hint.explore_path[hint.explore_path.length - 1]);
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.arc(x, y, Math.max(0.9, 8 / unitCss), 0, 2 * Math.PI);
        ctx.stroke();
      } else if (hint.back_path?.length) {
        ctx.setLineDash([0.4, 0.5]);
        line(ctx, hint.back_path, width * 1.8, '#000');
        line(ctx, hint.back_path, width, colour);
        ctx.setLineDash([]);
      }
      if (!hint.found && hint.back_to) {
        const [x, y] = centre(hint.back_to);
        ctx.strokeStyle = '#000';
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.arc(x, y, Math.max(0.9, 8 / unitCss), 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }
    return animating;
  }

  drawTrails(ctx, scene, unitCss, view) {
    const size = Math.max(0.28, 2.5 / unitCss);
    for (const p of scene.players) {
      const own = p.id === scene.youId;
      // 'own' while racing, 'all' watching, 'seer' watching through one racer's eyes (theirs only)
      const shown = scene.trails === 'seer' ? p.id === scene.seer : own || scene.trails === 'all';
      if (!p.trail || p.trail.length < 2 || !shown) continue;
      ctx.fillStyle = safeColour(p.colour);
      ctx.strokeStyle = 'rgba(0,0,0,.6)';
      ctx.lineWidth = 1 / unitCss;
      const s = own ? size * 1.3 : size;
      for (const chunk of trailChunks(p.trail, s, p.id)) {
        if (chunk.x1 < view[0] || chunk.x0 > view[2] || chunk.y1 < view[1] || chunk.y0 > view[3]) continue;
        if (s > 0.6) {
          // Zoomed out the dots would touch anyway: one stroked line is the same picture, and cheaper.
          ctx.lineWidth = s;
          ctx.strokeStyle = ctx.fillStyle;
          ctx.stroke(chunk.line);
          continue;
        }
        ctx.fill(chunk.path);
        if (own && unitCss >= 8) ctx.stroke(chunk.path); // an outline keeps light colours visible
      }
    }
  }

  drawPlayers(ctx, scene, unitCss, px) {
    const size = Math.max(0.75, 9 / unitCss); // half-length of an arrow, world units
    const byCell = new Map();
    for (const p of scene.players) {
      if (!p.cell) continue;
      const key = p.cell[0] * 100000 + p.cell[1];
      (byCell.get(key) || byCell.set(key, []).get(key)).push(p);
    }
    const ordered = [...scene.players].sort((a, b) => (a.id === scene.youId) - (b.id === scene.youId));
    for (const p of ordered) {
      if (!p.cell) continue;
      const group = byCell.get(p.cell[0] * 100000 + p.cell[1]);
      let [x, y] = centre(p.cell);
      if (group.length > 1) {
        const i = group.indexOf(p);
        const a = (2 * Math.PI * i) / group.length;
        x += Math.cos(a) * size * 0.6;
        y += Math.sin(a) * size * 0.6;
      }
      const own = p.id === scene.youId;
      ctx.save();
      ctx.translate(x, y);
      if (own) {
        ctx.fillStyle = 'rgba(255,255,255,.85)';
        ctx.beginPath();
        ctx.arc(0, 0, size * 1.35, 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 2 * px;
        ctx.stroke();
      }
      ctx.globalAlpha = p.connected === false ? 0.4 : 1;
      ctx.rotate(ANGLE[p.facing] ?? 0);
      ctx.beginPath();
      ctx.moveTo(size, 0);
      ctx.lineTo(-size * 0.8, -size * 0.8);
      ctx.lineTo(-size * 0.4, 0);
      ctx.lineTo(-size * 0.8, size * 0.8);
      ctx.closePath();
      ctx.fillStyle = safeColour(p.colour);
      ctx.fill();
      ctx.lineWidth = (own ? 2.5 : 1.5) / unitCss;
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.rotate(-(ANGLE[p.facing] ?? 0));
      if (p.label && size * unitCss >= 9) {
        ctx.font = `700 ${size * 0.9}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.lineWidth = 3 / unitCss;
        ctx.strokeStyle = '#fff';
        ctx.strokeText(p.label, 0, -size * 1.45);
        ctx.fillStyle = '#000';
        ctx.fillText(p.label, 0, -size * 1.45);
      }
      ctx.restore();
    }
  }
}

// Trail dots (seed 000's ·) on every cell and every passage between two trail cells, as Path2D
// chunks with bounding boxes (so a zoomed view draws only what it shows), kept per trail array: trails
// are replaced, never changed in place. A new trail keeps most of the one before (a move appends a cell
// or cuts back to one), so the chunks its player's last trail had in common with it are reused and
// only the rest is built again: a 1000-cell trail costs a chunk a move, not eight (make bench ARGS=feel).
const CHUNK = 128;
const trailCache = new WeakMap();
const lastTrails = new Map(); // player id -> the last {trail, size, chunks} built for them
function trailChunks(trail, size, id) {
  const hit = trailCache.get(trail);
  if (hit && hit.size === size) return hit.chunks;
  const before = lastTrails.get(id);
  const chunks = before && before.size === size ? before.chunks.slice(0, sharedChunks(before.trail, trail)) : [];
  const h = size / 2;
  for (let start = chunks.length * CHUNK; start < trail.length; start += CHUNK) {
    const path = new Path2D();
    const line = new Path2D();
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    let prev = start ? centre(trail[start - 1]) : null;
    if (prev) line.moveTo(prev[0], prev[1]);
    for (let i = start; i < Math.min(trail.length, start + CHUNK); i++) {
      const [x, y] = centre(trail[i]);
      path.rect(x - h, y - h, size, size);
      if (prev) path.rect((x + prev[0]) / 2 - h, (y + prev[1]) / 2 - h, size, size);
      line.lineTo(x, y);
      prev = [x, y];
      x0 = Math.min(x0, x - 1);
      y0 = Math.min(y0, y - 1);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
    chunks.push({ path, line, x0, y0, x1, y1 });
  }
  const entry = { trail, size, chunks };
  trailCache.set(trail, entry);
  if (id != null) lastTrails.set(id, entry);
  return chunks;
}

/** How many whole chunks trails a and b have cell for cell in common from the start. */
function sharedChunks(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i][0] === b[i][0] && a[i][1] === b[i][1]) i++;
  return Math.floor(i / CHUNK);
}

function line(ctx, cells, width, colour) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  cells.forEach((cell, i) => {
    const [x, y] = centre(cell);
    if (i) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  });
  ctx.stroke();
}

/** The wall matrix, one pixel a unit: black walls, white passages, entrance and exit tinted. */
export function paintMaze(maze) {
  const { rows, cols, east, south } = maze;
  const W = 2 * cols + 1;
  const H = 2 * rows + 1;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(W, H);
  const px = image.data;
  const paint = (x, y, [r, g, b]) => {
    const k = 4 * (y * W + x);
    px[k] = r;
    px[k + 1] = g;
    px[k + 2] = b;
  };
  for (let k = 3; k < px.length; k += 4) px[k] = 255; // opaque black everywhere
  const white = [255, 255, 255];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      paint(2 * c + 1, 2 * r + 1, white);
      if (east[i]) paint(2 * c + 2, 2 * r + 1, white);
      if (south[i]) paint(2 * c + 1, 2 * r + 2, white);
    }
  }
  // Doors in the outer wall beside the entrance and the exit (drawn only: the outer wall stays closed).
  const door = ([r, c], colour, order) => {
    paint(2 * c + 1, 2 * r + 1, colour.map((v) => Math.round(255 - (255 - v) * 0.35)));
    const sides = {
      top: [r === 0, 2 * c + 1, 0],
      left: [c === 0, 0, 2 * r + 1],
      bottom: [r === rows - 1, 2 * c + 1, H - 1],
      right: [c === cols - 1, W - 1, 2 * r + 1],
    };
    const side = order.map((name) => sides[name]).find(([on]) => on);
    if (side) paint(side[1], side[2], colour);
  };
  door(maze.entrance, ENTRANCE, ['top', 'left', 'bottom', 'right']); // seed 003: in at the top left,
  door(maze.exit, EXIT, ['bottom', 'right', 'top', 'left']); // out at the bottom right
  ctx.putImageData(image, 0, 0);
  return canvas;
}
