/**
 * Reachability along join edges, computed once per graph in O((tables + edges) · tables / 32):
 * strongly connected components (Tarjan), then one bit set per component, each the union of its
 * successors' sets in reverse topological order. No search per table, no queue per table.
 */
import type { JoinAdjacency } from './adjacency.js';

export interface Reachability {
  /** Whether `to` is reachable from `from` (from itself only through a cycle). */
  has(from: number, to: number): boolean;
  count(from: number): number;
  forEach(from: number, visit: (to: number) => void): void;
}

type Steps = JoinAdjacency['forward'];

export function computeReachability(forward: Steps): Reachability {
  const n = forward.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const { component, count: components } = stronglyConnected(forward);
  // Tarjan numbers components in reverse topological order: successors come first.
  const bits = new Uint32Array(components * words);
  const members: number[][] = Array.from({ length: components }, () => []);
  forward.forEach((_, v) => {
    members[component[v]!]!.push(v);
  });
  for (let c = 0; c < components; c++) {
    const row = c * words;
    const cyclic = members[c]!.length > 1 || members[c]!.some((v) => forward[v]!.some((s) => s.to === v));
    if (cyclic) for (const v of members[c]!) bits[row + (v >>> 5)]! |= 1 << (v & 31);
    for (const v of members[c]!) {
      for (const step of forward[v]!) {
        const d = component[step.to]!;
        if (d === c) continue;
        bits[row + (step.to >>> 5)]! |= 1 << (step.to & 31);
        const other = d * words;
        for (let w = 0; w < words; w++) bits[row + w]! |= bits[other + w]!;
      }
    }
  }
  const counts = new Int32Array(components).fill(-1);
  return {
    has: (from, to) => (bits[component[from]! * words + (to >>> 5)]! & (1 << (to & 31))) !== 0,
    count: (from) => {
      const c = component[from]!;
      if (counts[c]! < 0) {
        let total = 0;
        for (let w = 0; w < words; w++) total += popcount(bits[c * words + w]!);
        counts[c] = total;
      }
      return counts[c]!;
    },
    forEach: (from, visit) => {
      const row = component[from]! * words;
      for (let w = 0; w < words; w++) {
        let word = bits[row + w]!;
        while (word !== 0) {
          const low = word & -word;
          visit(w * 32 + 31 - Math.clz32(low));
          word ^= low;
        }
      }
    },
  };
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Tarjan's algorithm without recursion (deep chains must not overflow the stack). */
function stronglyConnected(forward: Steps): { component: Int32Array; count: number } {
  const n = forward.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  let count = 0;
  const call: { v: number; i: number }[] = [];
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    call.push({ v: root, i: 0 });
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (call.length > 0) {
      const frame = call[call.length - 1]!;
      const steps = forward[frame.v]!;
      if (frame.i < steps.length) {
        const w = steps[frame.i++]!.to;
        if (index[w] === -1) {
          index[w] = low[w] = next++;
          stack.push(w);
          onStack[w] = 1;
          call.push({ v: w, i: 0 });
        } else if (onStack[w]) {
          low[frame.v] = Math.min(low[frame.v]!, index[w]!);
        }
        continue;
      }
      call.pop();
      const parent = call[call.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[frame.v]!);
      if (low[frame.v] === index[frame.v]) {
        for (;;) {
          const w = stack.pop()!;
          onStack[w] = 0;
          component[w] = count;
          if (w === frame.v) break;
        }
        count++;
      }
    }
  }
  return { component, count };
}

/** Islands of the join graph, edges taken in either direction: the component number of each table. */
export function connectedComponents(graph: JoinAdjacency): Int32Array {
  const n = graph.names.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  graph.forward.forEach((steps) => {
    for (const s of steps) {
      const [a, b] = [find(s.from), find(s.to)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  });
  return Int32Array.from({ length: n }, (_, i) => find(i));
}
