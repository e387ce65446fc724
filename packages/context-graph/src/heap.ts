/**
 * The searches' priority queue: a binary min-heap of (key, table) in typed arrays, with lazy
 * deletion by the caller. Ties pop in insertion order: (key, insertion number) orders every entry
 * strictly, so which entry pops next never depends on how the heap arranges them.
 */
export class Heap {
  private keys = new Float64Array(64);
  private items = new Int32Array(64);
  private order = new Int32Array(64);
  private length = 0;
  private counter = 0;
  /** The key of the item `pop` returned last. */
  lastKey = 0;

  get size(): number {
    return this.length;
  }

  push(key: number, item: number): void {
    if (this.length === this.keys.length) this.grow();
    const { keys, items, order } = this;
    const ticket = this.counter++;
    let i = this.length++;
    // Sift up with a hole: parents move down until the new entry's place is found.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent]!;
      if (!(key < pk || (key === pk && ticket < order[parent]!))) break;
      keys[i] = pk;
      items[i] = items[parent]!;
      order[i] = order[parent]!;
      i = parent;
    }
    keys[i] = key;
    items[i] = item;
    order[i] = ticket;
  }

  pop(): number {
    const { keys, items, order } = this;
    const top = items[0]!;
    this.lastKey = keys[0]!;
    const n = --this.length;
    if (n > 0) {
      const key = keys[n]!;
      const item = items[n]!;
      const ticket = order[n]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        let m = l;
        if (r < n && (keys[r]! < keys[l]! || (keys[r] === keys[l] && order[r]! < order[l]!))) m = r;
        const mk = keys[m]!;
        if (!(mk < key || (mk === key && order[m]! < ticket))) break;
        keys[i] = mk;
        items[i] = items[m]!;
        order[i] = order[m]!;
        i = m;
      }
      keys[i] = key;
      items[i] = item;
      order[i] = ticket;
    }
    return top;
  }

  private grow(): void {
    const size = this.keys.length * 2;
    const keys = new Float64Array(size);
    const items = new Int32Array(size);
    const order = new Int32Array(size);
    keys.set(this.keys);
    items.set(this.items);
    order.set(this.order);
    this.keys = keys;
    this.items = items;
    this.order = order;
  }
}
