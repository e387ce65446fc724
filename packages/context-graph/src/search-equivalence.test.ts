/**
 * The typed-array searches give exactly what the searches before them gave (the frozen oracle in
 * test-support/reference-search.ts): the same steps, in the same order, at the same cost, ties
 * included, on seeded random graphs (parallel edges, cycles, self-references, costs with many
 * ties) and on a dense layered graph; through the search functions and through `ContextGraph`.
 */
import type { JoinEdge } from '@guided-retrieval/join-inference';
import { mulberry32 } from '@guided-retrieval/tpch/random';
import { describe, expect, it } from 'vitest';
import { buildAdjacency, type JoinAdjacency, type JoinStep } from './adjacency.js';
import { ContextGraph } from './graph.js';
import { computeReachability, connectedComponents } from './reachability.js';
import * as next from './search.js';
import { steinerPaths } from './steiner.js';
import * as ref from './test-support/reference-search.js';
import { GRAPH_FORMAT_VERSION, type GraphTable, type JoinPath, type PathEdge, type PathOptions } from './types.js';
import { kShortestPaths } from './yen.js';

const rng = mulberry32;
/** The join tree's tie-break, as retrieval's `params/limits.json` sets it. */
const throughTargetBonus = 0.01;

interface RandomGraph {
  names: string[];
  edges: JoinEdge[];
}

const edge = (id: string, fromTable: string, toTable: string, column: string): JoinEdge => ({
  id,
  fromTable,
  fromColumns: [column],
  toTable,
  toColumns: ['id'],
  origin: 'declared',
  confidence: 1,
  evidence: [],
});

/** Tables t0…, edges between random pairs (self-references and parallel edges included), ids in no particular order. */
function randomGraph(random: () => number, mixedCase: boolean): RandomGraph {
  const n = 2 + Math.floor(random() * 24);
  const names = Array.from({ length: n }, (_, i) => `t${i}`);
  const m = Math.floor(random() * n * (1 + random() * 3));
  const edges: JoinEdge[] = [];
  const pick = () => names[Math.floor(random() * n)]!;
  for (let i = 0; i < m; i++) {
    const from = pick();
    const to = random() < 0.08 ? from : pick();
    const id = `e${Math.floor(random() * 1000)}_${i}`;
    edges.push(edge(id, from, mixedCase && random() < 0.3 ? to.toUpperCase() : to, `c${i}`));
    // A parallel edge now and then: the same pair of tables through another column.
    if (random() < 0.1) edges.push(edge(`${id}b`, from, to, `c${i}b`));
  }
  // Copies of a table with its edges out (ids prefixed, so in the same order): twins. Some have its
  // edges in as well, others edges in of their own, so that a search reaches them by other routes.
  for (let c = 0; c < Math.floor(random() * 5); c++) {
    const original = pick();
    const copy = `${original}_copy${c}`;
    const sameIn = random() < 0.5;
    names.push(copy);
    for (const e of edges.filter((x) => x.fromTable === original || (sameIn && x.toTable.toLowerCase() === original))) {
      const from = e.fromTable === original ? copy : e.fromTable;
      const to = e.toTable.toLowerCase() === original ? copy : e.toTable;
      edges.push(edge(`k${c}${e.id}`, from, to, `k${c}${e.fromColumns[0]}`));
    }
    if (!sameIn) for (let i = 0; i < 1 + random() * 2; i++) edges.push(edge(`k${c}in${i}`, pick(), copy, `k${c}in${i}`));
  }
  return { names, edges };
}

/** customer → `layers` × `width` tables, each referencing every table of the next layer → nation. */
function layeredGraph(layers: number, width: number): RandomGraph {
  const tiers = Array.from({ length: layers }, (_, l) => Array.from({ length: width }, (_, w) => `l${l}_${w}`));
  const names = ['customer', ...tiers.flat(), 'nation'];
  const edges: JoinEdge[] = [];
  const link = (from: string, to: string) => edges.push(edge(`${from}__${to}`, from, to, `${to}_id`));
  for (const t of tiers[0]!) link('customer', t);
  for (let l = 0; l + 1 < layers; l++) for (const from of tiers[l]!) for (const to of tiers[l + 1]!) link(from, to);
  for (const t of tiers[layers - 1]!) link(t, 'nation');
  return { names, edges };
}

/** A cost per table entered and direction, from a few values: many ties. */
function tableCosts(random: () => number, n: number, ties: boolean): Float64Array {
  const values = [1, 1.25, 1.5, 2, 0.75];
  return Float64Array.from(
    { length: 2 * n },
    (_, i) => (ties ? values[Math.floor(random() * values.length)]! : 0.5 + random() * 2) + (i >= n ? 0.5 : 0),
  );
}

const ids = (steps: readonly JoinStep[]) => steps.map((s) => s.id);
const plain = (paths: readonly { nodes: number[]; steps: JoinStep[]; cost: number }[]) =>
  paths.map((p) => ({ nodes: p.nodes, steps: ids(p.steps), cost: p.cost }));

describe('the searches match the frozen oracle', () => {
  it('on seeded random graphs: Dijkstra runs, k shortest, by last step, cheapest from, shortest, Steiner with seeds', () => {
    const random = rng(7);
    for (let g = 0; g < 250; g++) {
      const { names, edges } = randomGraph(random, false);
      const indexOf = new Map(names.map((t, i) => [t, i]));
      const adjacency = buildAdjacency(names, edges, indexOf);
      const reach = computeReachability(adjacency.forward);
      const n = names.length;
      const perTable = random() < 0.5;
      const byTable = tableCosts(random, n, random() < 0.7);
      const byStep = Float64Array.from({ length: 2 * edges.length }, () => [1, 2, 1.5][Math.floor(random() * 3)]!);
      const costOf = perTable ? (s: JoinStep) => byTable[(s.id & 1) * n + s.to]! : (s: JoinStep) => byStep[s.id]!;
      const unit = random() < 0.3;
      const reverse = random() < 0.4;
      const maxLength = 1 + Math.floor(random() * 6);
      // Now and then a bound above some step costs: A* then pops out of cost order.
      const minStepCost = [unit ? 1 : 0, 0.5, 1, 3][Math.floor(random() * 4)]!;
      const costs = unit
        ? next.StepCosts.perTable(new Float64Array(2 * n).fill(1), () => 1)
        : perTable
          ? next.StepCosts.perTable(new Float64Array(2 * n).fill(Number.NaN), costOf)
          : next.StepCosts.perStep(new Float64Array(2 * edges.length).fill(Number.NaN), costOf);
      for (let q = 0; q < 4; q++) {
        const source = Math.floor(random() * n);
        const targets = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * n));
        const wanted = (t: number) => targets.some((x) => x === t || reach.has(t, x));
        const oldOptions: ref.SearchOptions = { reverse, maxLength, minStepCost, cost: unit ? () => 1 : costOf, useful: wanted };
        const newOptions: next.SearchOptions = { reverse, maxLength, minStepCost, cost: costs, useful: new next.TableTest(n, wanted) };
        const target = targets[0]!;
        const k = 1 + Math.floor(random() * 6);
        expect(plain(kShortestPaths(adjacency, source, target, k, newOptions))).toEqual(
          plain(ref.kShortestPaths(adjacency, source, target, k, oldOptions)),
        );
        expect(plain(next.pathsByLastStep(adjacency, source, target, 3, newOptions))).toEqual(
          plain(ref.pathsByLastStep(adjacency, source, target, 3, oldOptions)),
        );
        const shortest = next.shortestPath(adjacency, source, target, newOptions);
        const oldShortest = ref.shortestPath(adjacency, source, target, oldOptions);
        expect(shortest && plain([shortest])).toEqual(oldShortest && plain([oldShortest]));
        expect(plain([...next.cheapestPathsFrom(adjacency, source, targets, newOptions).values()])).toEqual(
          plain([...ref.cheapestPathsFrom(adjacency, source, targets, oldOptions).values()]),
        );
        // A seed: the tables of one path from the source, each with its steps, as ContextGraph builds it.
        const seedPath = ref.kShortestPaths(adjacency, source, Math.floor(random() * n), 1, oldOptions)[0];
        const seed = new Map<number, JoinStep[]>();
        seedPath?.steps.forEach((s, i) => {
          if (!seed.has(s.to) && s.to !== source) seed.set(s.to, seedPath.steps.slice(0, i + 1));
        });
        const reaches = (a: number, b: number) => reach.has(a, b);
        const tree = steinerPaths(adjacency, source, targets, { ...newOptions, seed, reaches, throughTargetBonus });
        const oldTree = ref.steinerPaths(adjacency, source, targets, { ...oldOptions, seed, reaches, throughTargetBonus });
        expect([...tree].map(([t, steps]) => [t, ids(steps)])).toEqual([...oldTree].map(([t, steps]) => [t, ids(steps)]));
        expectSameRun(adjacency, random, oldOptions, newOptions);
      }
    }
  });

  it('on a dense layered graph (4 × 30): every route ties', () => {
    const { names, edges } = layeredGraph(4, 30);
    const adjacency = buildAdjacency(names, edges, new Map(names.map((t, i) => [t, i])));
    const reach = computeReachability(adjacency.forward);
    const n = names.length;
    const nation = n - 1;
    const random = rng(11);
    for (const reverse of [false, true]) {
      const byTable = tableCosts(random, n, true);
      const costOf = (s: JoinStep) => byTable[(s.id & 1) * n + s.to]!;
      for (const unit of [true, false]) {
        const wanted = (t: number) => t === nation || reach.has(t, nation);
        const cost = unit ? () => 1 : costOf;
        const oldOptions: ref.SearchOptions = { reverse, maxLength: 6, minStepCost: unit ? 1 : 0.75, cost, useful: wanted };
        const newOptions: next.SearchOptions = {
          ...oldOptions,
          cost: next.StepCosts.perTable(new Float64Array(2 * n).fill(Number.NaN), cost),
          useful: new next.TableTest(n, wanted),
        };
        expect(plain(kShortestPaths(adjacency, 0, nation, 6, newOptions))).toEqual(
          plain(ref.kShortestPaths(adjacency, 0, nation, 6, oldOptions)),
        );
        expect(plain(next.pathsByLastStep(adjacency, 0, nation, 4, newOptions))).toEqual(
          plain(ref.pathsByLastStep(adjacency, 0, nation, 4, oldOptions)),
        );
        const targets = [nation, 5, 40, 70];
        const tree = steinerPaths(adjacency, 0, targets, { ...newOptions, throughTargetBonus });
        const oldTree = ref.steinerPaths(adjacency, 0, targets, { ...oldOptions, throughTargetBonus });
        expect([...tree].map(([t, steps]) => [t, ids(steps)])).toEqual([...oldTree].map(([t, steps]) => [t, ids(steps)]));
      }
    }
  });

  it('through ContextGraph: cost, tableCost and unit costs give what the old search options gave', () => {
    const random = rng(3);
    for (let g = 0; g < 120; g++) {
      const spec = randomGraph(random, g % 3 === 0);
      const graph = graphOf(spec);
      const adjacency = buildAdjacency(spec.names, spec.edges, new Map(spec.names.map((t, i) => [t, i])));
      const byTable = tableCosts(random, spec.names.length, true);
      const lower = new Map(spec.names.map((t, i) => [t.toLowerCase(), i]));
      // By the table's name as the edge spells it, as `tableCost` is asked.
      const tableCost = (table: string, direction: string) =>
        byTable[(direction === 'reverse' ? spec.names.length : 0) + lower.get(table.toLowerCase())!]! +
        (table === table.toUpperCase() ? 0.25 : 0);
      const cost = (e: PathEdge) => tableCost(e.toTable, e.direction);
      for (let q = 0; q < 4; q++) {
        const source = spec.names[Math.floor(random() * spec.names.length)]!;
        const targets = [spec.names[Math.floor(random() * spec.names.length)]!, spec.names[Math.floor(random() * spec.names.length)]!];
        const base = { reverse: random() < 0.5, maxLength: 1 + Math.floor(random() * 6) };
        for (const options of [base, { ...base, cost }, { ...base, tableCost }, { ...base, cost, minStepCost: 0.75 }]) {
          const old = oldSearches(adjacency, options);
          const route = (p: JoinPath | null | undefined) => (p ? p.edges.map((e) => `${e.direction}:${e.id}`).join(' ') : null);
          expect(graph.kShortestPaths(source, targets[0]!, 4, options).map(route)).toEqual(old.kShortest(source, targets[0]!, 4));
          expect(route(graph.shortestPath(source, targets[0]!, options))).toEqual(old.shortest(source, targets[0]!));
          expect(graph.pathsByLastEdge(source, targets[0]!, 3, options).map(route)).toEqual(old.byLastStep(source, targets[0]!, 3));
          expect([...graph.cheapestPathsFrom(source, targets, options)].map(([t, p]) => [t, route(p)])).toEqual(
            old.cheapestFrom(source, targets),
          );
          expect([...graph.joinTreePaths(source, targets, { ...options, throughTargetBonus })].map(([t, p]) => [t, route(p)])).toEqual(
            old.tree(source, targets),
          );
        }
      }
    }
  });
});

/** One Dijkstra run with random starts, stops and blocked tables and steps: the same frontier, the same tables reached. */
function expectSameRun(
  adjacency: JoinAdjacency,
  random: () => number,
  oldOptions: ref.SearchOptions,
  newOptions: next.SearchOptions,
): void {
  const n = adjacency.names.length;
  const table = () => Math.floor(random() * n);
  const starts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
    table: table(),
    cost: [0, -0.01, 0.5][Math.floor(random() * 3)]!,
    hops: Math.floor(random() * 2),
  }));
  const stopAt = new Set(Array.from({ length: Math.floor(random() * 4) }, table));
  const stop = (['first', 'ties', 'all'] as const)[Math.floor(random() * 3)]!;
  const blockedTables = new Set(Array.from({ length: Math.floor(random() * 3) }, table));
  const blockedSteps = new Set(adjacency.steps.filter(() => random() < 0.15));
  const target = table();
  const stepsLeft = random() < 0.5 ? ref.stepsLeftTo(adjacency, target, oldOptions.reverse) : undefined;
  expect(stepsLeft && [...next.stepsLeftTo(adjacency, target, oldOptions.reverse)]).toEqual(stepsLeft && [...stepsLeft]);
  const run = { starts, stopAt, stop, blockedTables, blockedSteps, ...(stepsLeft ? { stepsLeft } : {}) };
  const got = next.dijkstra(adjacency, newOptions, run);
  const want = ref.dijkstra(adjacency, oldOptions, run);
  expect({ reached: got.reached, settled: got.settled }).toEqual({ reached: want.reached, settled: want.settled });
  expect([...got.frontier.dist]).toEqual([...want.frontier.dist]);
  expect([...got.frontier.hops]).toEqual([...want.frontier.hops]);
  expect([...got.frontier.prev]).toEqual(want.frontier.prev.map((s) => (s ? s.id : -1)));
}

function graphOf({ names, edges }: RandomGraph): ContextGraph {
  const columns = new Map(names.map((t) => [t, ['id']]));
  for (const e of edges) columns.get(names.find((t) => t === e.fromTable.toLowerCase())!)!.push(...e.fromColumns);
  const tables: GraphTable[] = names.map((name) => ({
    name,
    description: '',
    aliases: [],
    rowCount: 0,
    primaryKey: ['id'],
    columns: columns.get(name)!.map((c) => ({
      name: c,
      declaredType: '',
      inferredType: 'unknown',
      description: '',
      aliases: [],
      stats: null,
      sample: [],
    })),
  }));
  return new ContextGraph({ formatVersion: GRAPH_FORMAT_VERSION, database: 'random', tables, edges });
}

/** The graph's searches as ContextGraph ran them before, with the oracle and its old search options. */
function oldSearches(adjacency: JoinAdjacency, options: PathOptions) {
  const reach = computeReachability(adjacency.forward);
  const component = connectedComponents(adjacency);
  const index = (name: string) => adjacency.names.indexOf(name);
  const given = options.tableCost ? (e: PathEdge) => options.tableCost!(e.toTable, e.direction) : options.cost;
  const searchOptions = (targets: readonly number[]): ref.SearchOptions => {
    const reverse = options.reverse ?? false;
    const anyTarget = targets.length > 0 ? targets[0]! : -1;
    return {
      reverse,
      maxLength: options.maxLength ?? 6,
      cost: given ? (step) => given(step.edge) : () => 1,
      minStepCost: options.minStepCost ?? (given ? 0 : 1),
      useful: reverse
        ? (table) => component[table] === component[anyTarget]
        : (table) => targets.some((t) => t === table || reach.has(table, t)),
    };
  };
  const route = (steps: readonly JoinStep[]) => steps.map((s) => `${s.edge.direction}:${s.edge.id}`).join(' ');
  return {
    kShortest: (s: string, t: string, k: number) =>
      ref.kShortestPaths(adjacency, index(s), index(t), k, searchOptions([index(t)])).map((p) => route(p.steps)),
    shortest: (s: string, t: string) => {
      const p = ref.shortestPath(adjacency, index(s), index(t), searchOptions([index(t)]));
      return p && route(p.steps);
    },
    byLastStep: (s: string, t: string, limit: number) =>
      ref.pathsByLastStep(adjacency, index(s), index(t), limit, searchOptions([index(t)])).map((p) => route(p.steps)),
    cheapestFrom: (s: string, targets: string[]) =>
      [...ref.cheapestPathsFrom(adjacency, index(s), targets.map(index), searchOptions(targets.map(index)))].map(([t, p]) => [
        adjacency.names[t],
        route(p.steps),
      ]),
    tree: (s: string, targets: string[]) =>
      [
        ...ref.steinerPaths(adjacency, index(s), targets.map(index), {
          ...searchOptions(targets.map(index)),
          seed: new Map(),
          reaches: (a, b) => reach.has(a, b),
          throughTargetBonus,
        }),
      ].map(([t, steps]) => [adjacency.names[t], route(steps)]),
  };
}

describe('twins (tables stepping to the same tables) are skipped only when that changes nothing', () => {
  it('a twin nearer the source than the one already gone through is gone through too', () => {
    // s → p1 → a and s → b, a and b both stepping to x and y; from y the cheap way on to t needs one
    // step more than from x. a settles first (cheaper), but only b is near enough to take y.
    const names = ['s', 'p1', 'a', 'b', 'x', 'y', 'z', 't'];
    const pairs = ['s>p1', 'p1>a', 's>b', 'a>x', 'a>y', 'b>x', 'b>y', 'x>t', 'y>z', 'z>t'];
    const edges = pairs.map((p) => {
      const [from, to] = p.split('>') as [string, string];
      return edge(`${from}_${to}`, from, to, `${to}_id`);
    });
    const graph = graphOf({ names, edges });
    const entering: Record<string, number> = { p1: 0.75, a: 0.75, b: 2.5, x: 5, y: 0.5, z: 0.5, t: 1 };
    const options = { maxLength: 4, tableCost: (table: string) => entering[table]!, minStepCost: 0.5 };
    const old = oldSearches(buildAdjacency(names, edges, new Map(names.map((t, i) => [t, i]))), options);
    expect(graph.shortestPath('s', 't', options)?.tables).toEqual(['s', 'b', 'y', 'z', 't']);
    expect(
      graph
        .shortestPath('s', 't', options)
        ?.edges.map((e) => `${e.direction}:${e.id}`)
        .join(' '),
    ).toEqual(old.shortest('s', 't'));
  });

  it('the same in a graph a random search found (A* with a bound above some step costs)', () => {
    // t1 settles before its twin t6, which is fewer steps from t0 and so may still step where t1 may not.
    const pairs = [
      ['e0', 't2', 't4'],
      ['e1', 't4', 't5'],
      ['e2', 't2', 't4'],
      ['e3', 't4', 't1'],
      ['e4', 't1', 't3'],
      ['e5', 't0', 't2'],
      ['e6', 't3', 't4'],
      ['e7', 't4', 't3'],
      ['e8', 't4', 't2'],
      ['e9', 't2', 't5'],
      ['e10', 't1', 't5'],
      ['e11', 't4', 't4'],
      ['e12', 't1', 't2'],
      ['ke4', 't6', 't3'],
      ['ke10', 't6', 't5'],
      ['ke12', 't6', 't2'],
      ['kin0', 't4', 't6'],
      ['kin1', 't4', 't6'],
      ['kin2', 't0', 't6'],
    ] as const;
    const names = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'];
    const edges = pairs.map(([id, from, to]) => edge(id, from, to, id));
    const adjacency = buildAdjacency(names, edges, new Map(names.map((t, i) => [t, i])));
    const byTable = [2, 0.5, 1, 1, 0.5, 4, 4, 2, 0.5, 4, 0.5, 0.5, 2, 1];
    const cost = (s: JoinStep) => byTable[(s.id & 1) * names.length + s.to]!;
    const oldOptions: ref.SearchOptions = { reverse: false, maxLength: 4, minStepCost: 1, cost };
    const newOptions: next.SearchOptions = {
      reverse: false,
      maxLength: 4,
      minStepCost: 1,
      cost: next.StepCosts.perTable(new Float64Array(14).fill(Number.NaN), cost),
    };
    expect(adjacency.twins.leaving.forward.class[1]).toBe(adjacency.twins.leaving.forward.class[6]);
    const run = { starts: [{ table: 0, cost: 0, hops: 0 }], stopAt: new Set([5]), stepsLeft: ref.stepsLeftTo(adjacency, 5, false) };
    const got = next.dijkstra(adjacency, newOptions, run);
    const want = ref.dijkstra(adjacency, oldOptions, run);
    expect([...got.frontier.prev]).toEqual(want.frontier.prev.map((s) => (s ? s.id : -1)));
    expect(ids(next.stepsTo(adjacency, got.frontier, 5))).toEqual(ids(ref.stepsTo(want.frontier, 5)));
  });
});
