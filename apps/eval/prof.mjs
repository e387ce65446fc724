import { loadBenchmark } from './dist/bench/load.js';
import { benchGraph } from './dist/bench/graph.js';
import { Retriever, countTokens } from '@guided-retrieval/retrieval';
const name = process.argv[2];
const b = loadBenchmark(name, `/work/shared/benchmarks/${name}`);
const col = [], pr = [], tot = [];
countTokens('warm');
for (const db of b.databases) {
  const { graph } = await benchGraph(db);
  const r = await Retriever.create(graph);
  for (const q of b.questions.filter((x) => x.db === db.name)) {
    const res = await r.retrieve(q.question);
    let best = Infinity;
    for (let k = 0; k < 3; k++) { const t = performance.now(); r.promptContext(res); best = Math.min(best, performance.now() - t); }
    pr.push(best);
    col.push(res.trace.timings.columns);
    tot.push(res.trace.timings.total);
  }
}
const p = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor(q * xs.length)].toFixed(3);
console.log('columns p50/p95', p(col, 0.5), p(col, 0.95), 'prompt', p(pr, 0.5), p(pr, 0.95), 'total', p(tot, 0.5), p(tot, 0.95));
