import { describe, expect, it } from 'vitest';
import { Heap } from './heap.js';

describe('Heap', () => {
  it('pops by key, ties in insertion order, runs of equal keys included', () => {
    let state = 5;
    const random = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    for (let round = 0; round < 200; round++) {
      const heap = new Heap();
      const queued: { key: number; item: number; ticket: number }[] = [];
      let ticket = 0;
      for (let op = 0; op < 300; op++) {
        if (queued.length > 0 && random() < 0.4) {
          queued.sort((a, b) => a.key - b.key || a.ticket - b.ticket);
          const next = queued.shift()!;
          expect([heap.pop(), heap.lastKey]).toEqual([next.item, next.key]);
        } else {
          // Few keys, often the last one again: long runs, runs broken and resumed.
          const key = random() < 0.5 && queued.length > 0 ? queued[queued.length - 1]!.key : Math.floor(random() * 6) / 2;
          const item = Math.floor(random() * 1000);
          heap.push(key, item);
          queued.push({ key, item, ticket: ticket++ });
        }
        expect(heap.size).toBe(queued.length);
      }
    }
  });
});
