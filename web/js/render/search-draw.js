// The own hint's search, animated, so the player sees how each method searches: the cells a search
// explored, in the order it explored them, then a caption naming the method. Its own module because it is the renderer's one timed
// animation with state of its own (started by room.js's hint ack, over when it has played out).

/** @type {Record<string, string>} */
const NAMES = { dfs: 'DFS: stack (last in, first out)', bfs: 'BFS: queue (first in, first out)', astar: 'A*: nearest guess first' };

export class SearchAnimation {
  /** `hint` {id, method}; `order` the explored cells [[r, c], ...] (not empty); `start` local ms. */
  /** @param {{id: string, method: string}} hint @param {readonly (readonly number[])[]} order @param {number} start */
  constructor(hint, order, start) {
    this.id = hint.id;
    this.method = hint.method;
    this.order = order;
    this.start = start;
    this.duration = Math.min(5000, Math.max(900, order.length * 12));
  }

  /** When the search has played out: its hint's path shows from then on. */
  get end() {
    return this.start + this.duration;
  }

  /** Draw the search at local time `now` (all of it at once with reduced motion); false once it is over. */
  /** @param {CanvasRenderingContext2D} ctx @param {number} now @param {boolean} reducedMotion */
  draw(ctx, now, reducedMotion) {
    // Cells explored so far in pale blue; the most recent ones in orange. A queue (BFS) shows a
    // widening ring of recent cells, a stack (DFS) one long snake: the difference the animation is there to show.
    const raw = (now - this.start) / this.duration;
    const t = reducedMotion && raw < 1 ? 1 : raw; // reduced motion: the whole search at once
    const order = this.order;
    const n = order.length;
    const shown = Math.min(n, Math.ceil(Math.max(0, t) * n));
    const recent = t > 1 ? 0 : Math.max(8, Math.round(n * 0.06));
    const fade = t > 1 ? Math.max(0, 1 - (t - 1) * 2) : 1;
    /** @param {number} from @param {number} to @param {string} colour @param {number} alpha */
    const fill = (from, to, colour, alpha) => {
      ctx.globalAlpha = alpha * fade;
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (let i = Math.max(0, from); i < to; i++) {
        const [r, c] = order[i];
        ctx.rect(2 * c + 1, 2 * r + 1, 1, 1);
      }
      ctx.fill();
    };
    fill(0, shown - recent, '#4a90d9', 0.45);
    fill(shown - recent, shown, '#f57c00', 0.85);
    if (shown > 0 && t <= 1) {
      const [r, c] = order[shown - 1];
      ctx.globalAlpha = 1;
      ctx.strokeStyle = '#c2185b';
      ctx.lineWidth = 0.3;
      ctx.strokeRect(2 * c + 0.85, 2 * r + 0.85, 1.3, 1.3);
    }
    ctx.globalAlpha = 1;
    return t <= 1.5;
  }

  /** The caption at the canvas's bottom left (`cssH` CSS px high), in CSS pixels. */
  /** @param {CanvasRenderingContext2D} ctx @param {number} dpr @param {number} cssH */
  drawCaption(ctx, dpr, cssH) {
    const text = `${NAMES[this.method] || this.method} · ${this.order.length} cells explored`;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.font = '600 13px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 16;
    const y = cssH - 32;
    ctx.fillStyle = 'rgba(20,20,30,.85)';
    ctx.fillRect(8, y, w, 24);
    ctx.fillStyle = '#fff';
    ctx.fillText(text, 16, y + 17);
  }
}
