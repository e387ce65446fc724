/**
 * The searches' priority queue: (key, table) entries with lazy deletion by the caller, popped by
 * key, ties in insertion order. Entries pushed one after another with the same key form a run
 * (a dense layer's tables, all reached at the same cost): one heap node for the run, whose
 * entries then pop without sifting. The order is the same as one node per entry: a run's entries
 * are consecutive in insertion order, so no other entry with their key falls between them.
 */
export class Heap {
  /** Runs by number (numbered as created, so in insertion order): their key and their entries' span in `items`. */
  private runKey = new Float64Array(64);
  private runStart = new Int32Array(64);
  private runEnd = new Int32Array(64);
  private runs = 0;
  /** The entries' tables, run after run. */
  private items = new Int32Array(64);
  private itemCount = 0;
  /** A binary min-heap of run numbers by (key, number). */
  private heap = new Int32Array(64);
  private heapSize = 0;
  /** The run the last push went to while it is still queued: a push with its key joins it. */
  private lastRun = -1;
  private entries = 0;
  /** The key of the item `pop` returned last. */
  lastKey = 0;

  get size(): number {
    return this.entries;
  }

  push(key: number, item: number): void {
    if (this.itemCount === this.items.length) this.items = grown(this.items);
    this.items[this.itemCount++] = item;
    this.entries++;
    const last = this.lastRun;
    if (last >= 0 && this.runKey[last] === key) {
      this.runEnd[last] = this.itemCount;
      return;
    }
    if (this.runs === this.runKey.length) {
      this.runKey = grown(this.runKey);
      this.runStart = grown(this.runStart);
      this.runEnd = grown(this.runEnd);
    }
    const run = this.runs++;
    this.runKey[run] = key;
    this.runStart[run] = this.itemCount - 1;
    this.runEnd[run] = this.itemCount;
    this.lastRun = run;
    if (this.heapSize === this.heap.length) this.heap = grown(this.heap);
    const { heap, runKey } = this;
    let i = this.heapSize++;
    // Sift up with a hole: a new run has the highest number, so it rises only past greater keys.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!(key < runKey[heap[parent]!]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = run;
  }

  pop(): number {
    const { heap, runKey } = this;
    const run = heap[0]!;
    this.lastKey = runKey[run]!;
    const item = this.items[this.runStart[run]!++]!;
    this.entries--;
    if (this.runStart[run] === this.runEnd[run]) this.removeTop();
    return item;
  }

  private removeTop(): void {
    const { heap, runKey } = this;
    if (heap[0] === this.lastRun) this.lastRun = -1;
    const n = --this.heapSize;
    if (n === 0) return;
    const moved = heap[n]!;
    const key = runKey[moved]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let m = l;
      if (r < n && before(runKey, heap[r]!, heap[l]!)) m = r;
      const child = heap[m]!;
      const ck = runKey[child]!;
      if (!(ck < key || (ck === key && child < moved))) break;
      heap[i] = child;
      i = m;
    }
    heap[i] = moved;
  }
}

/** Whether run `a` pops before run `b`: the lower key, then the earlier run. */
function before(runKey: Float64Array, a: number, b: number): boolean {
  const ka = runKey[a]!;
  const kb = runKey[b]!;
  return ka < kb || (ka === kb && a < b);
}

function grown<T extends Float64Array | Int32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
