/**
 * A list of 32-bit integers that grows by doubling: the index build appends hundreds of thousands
 * of element and block numbers, which a typed array holds for a fraction of an array's cost.
 */
export class IntList {
  #data: Int32Array;
  #length = 0;

  constructor(capacity = 16) {
    this.#data = new Int32Array(Math.max(1, capacity));
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const grown = new Int32Array(2 * this.#data.length);
      grown.set(this.#data);
      this.#data = grown;
    }
    this.#data[this.#length++] = value;
  }

  at(i: number): number {
    return this.#data[i]!;
  }

  set(i: number, value: number): void {
    this.#data[i] = value;
  }

  /** The values so far, as a view (no copy; valid until the next `push` grows the list). */
  view(): Int32Array {
    return this.#data.subarray(0, this.#length);
  }
}
