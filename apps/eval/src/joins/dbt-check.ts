/**
 * Join inference on a dbt project (`../shared/benchmarks/dbt-hubspot`), which declares no
 * `relationships` test: the edges `guided build manifest.json` infers, counted on audit and sync
 * columns (none should join), and a seeded sample of the others checked by hand against the
 * models' documented keys (`benchmarks/dbt-hubspot-joins.json`: each edge's verdict and why).
 */
import { existsSync, readFileSync } from 'node:fs';
import { inferJoins, type JoinEdge } from '@guided-retrieval/join-inference';
import { type DatabaseProfile, readDbtArtifacts } from '@guided-retrieval/profiler';
import { isRecord } from '@guided-retrieval/profiler/files';
import { mulberry32 } from '@guided-retrieval/tpch/random';

/** The hand-checked sample: one verdict per edge, and why. */
export interface HandChecked {
  manifest: string;
  /** How the sample was drawn (`drawSample`'s seed and size). */
  drawn: { seed: number; size: number };
  edges: { id: string; right: boolean; why: string }[];
}

export interface DbtJoinsCheck {
  manifest: string;
  tables: number;
  edges: number;
  /** Inferred edges with an audit or sync column on either side (`isAuditColumn`): none should join. */
  auditEdges: string[];
  /** Columns inference set aside as bookkeeping, constants or empty. */
  setAside: number;
  /** The hand-checked sample, as inference stands now: judged edges still inferred, right among them, drawn edges not judged. */
  handChecked?: { file: string; judged: number; stillInferred: number; right: number; wrong: string[]; unjudged: string[] };
}

/**
 * Audit and sync columns, by a rule of the benchmark's own (not inference's list): a loader's
 * underscore-prefixed column, dbt's `source_relation`, a column named for a load or sync time, or
 * any column typed as a point in time.
 */
export function isAuditColumn(name: string, declaredType: string): boolean {
  return (
    /^_(fivetran|airbyte|sdc|stitch|hevo|rivery|dbt|etl)_/i.test(name) ||
    /^source_relation$/i.test(name) ||
    /(^|_)(synced|loaded|ingested|extracted|batched)(_at)?$/i.test(name) ||
    /time|date/i.test(declaredType)
  );
}

/** `size` edge ids drawn without replacement from `ids` (sorted first), seeded. */
export function drawSample(ids: readonly string[], size: number, seed: number): string[] {
  const pool = [...ids].sort();
  const next = mulberry32(seed);
  const out: string[] = [];
  while (out.length < size && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out.sort();
}

export function parseHandChecked(text: string, file: string): HandChecked {
  const raw: unknown = JSON.parse(text);
  const edges = isRecord(raw) && Array.isArray(raw.edges) ? raw.edges : undefined;
  const drawn = isRecord(raw) && isRecord(raw.drawn) ? raw.drawn : undefined;
  if (!isRecord(raw) || typeof raw.manifest !== 'string' || !edges || typeof drawn?.seed !== 'number' || typeof drawn.size !== 'number')
    throw new Error(`${file}: expected { manifest, drawn: { seed, size }, edges: [{ id, right, why }] }`);
  for (const [i, e] of edges.entries())
    if (!isRecord(e) || typeof e.id !== 'string' || typeof e.right !== 'boolean' || typeof e.why !== 'string')
      throw new Error(`${file}: edges[${i}] must be { id, right: true|false, why }`);
  return raw as unknown as HandChecked;
}

/** Infers the dbt project's joins as `guided build` does (declared keys kept, the rest inferred) and checks them. */
export async function checkDbtJoins(manifest: string, handCheckedFile: string | undefined): Promise<DbtJoinsCheck> {
  const read = await readDbtArtifacts(manifest, {});
  const inference = await inferJoins(read.profile, { declared: 'use' });
  const inferred = inference.edges.filter((e) => e.origin === 'inferred');
  const audit = (e: JoinEdge) =>
    onAuditColumn(read.profile, e.fromTable, e.fromColumns) || onAuditColumn(read.profile, e.toTable, e.toColumns);
  const check: DbtJoinsCheck = {
    manifest,
    tables: read.profile.tables.length,
    edges: inferred.length,
    auditEdges: inferred.filter(audit).map((e) => e.id),
    setAside: inference.setAside.length,
  };
  if (handCheckedFile && existsSync(handCheckedFile)) {
    const judged = parseHandChecked(readFileSync(handCheckedFile, 'utf8'), handCheckedFile);
    const now = new Set(inferred.map((e) => e.id));
    const still = judged.edges.filter((e) => now.has(e.id));
    const verdicts = new Set(judged.edges.map((e) => e.id));
    const others = inferred.filter((e) => !audit(e)).map((e) => e.id);
    check.handChecked = {
      file: handCheckedFile,
      judged: judged.edges.length,
      stillInferred: still.length,
      right: still.filter((e) => e.right).length,
      wrong: still.filter((e) => !e.right).map((e) => e.id),
      unjudged: drawSample(others, judged.drawn.size, judged.drawn.seed).filter((id) => !verdicts.has(id)),
    };
  }
  return check;
}

function onAuditColumn(profile: DatabaseProfile, table: string, columns: readonly string[]): boolean {
  const t = profile.tables.find((x) => x.name === table);
  return columns.some((name) => isAuditColumn(name, t?.columns.find((c) => c.name === name)?.declaredType ?? ''));
}
