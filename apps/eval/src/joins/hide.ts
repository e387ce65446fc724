/**
 * A schema that declared only some of its foreign keys, made from one that declared them all: a
 * seeded share of the declared keys taken out of the profile (primary keys stay), so inference
 * with `declared: 'use'` keeps the rest and has to find the hidden ones.
 */
import { declaredJoinEdges, type JoinEdge } from '@guided-retrieval/join-inference';
import type { DatabaseProfile, ForeignKey } from '@guided-retrieval/profiler';
import { deriveSeed, Rng } from '../scale/prng.js';
import { edgeKey } from './score.js';

/** The seed the half-hidden benchmark draws with unless `--hide-seed` says otherwise. */
export const DEFAULT_HIDE_SEED = 24;

export interface HiddenKeys {
  /** The profile with the hidden foreign keys removed from their tables. */
  profile: DatabaseProfile;
  /** The declared edges left in the profile, sorted by id. */
  kept: JoinEdge[];
  /** The declared edges taken out, sorted by id. */
  hidden: JoinEdge[];
  /** The seed the draw used: `seed` mixed with the database's name. */
  seed: number;
}

/**
 * Hides `round(fraction × n)` of the `n` distinct declared foreign keys of `profile` (with one half,
 * ⌈n/2⌉), drawn with a PRNG seeded from `seed` and the database's name: the same profile, fraction
 * and seed hide the same keys on every run and platform. A key declared twice is hidden with both
 * declarations; declarations that name a missing table or column stay (they are no edge either way).
 */
export function hideDeclaredKeys(profile: DatabaseProfile, fraction: number, seed: number): HiddenKeys {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError(`fraction must be in [0, 1], got ${fraction}`);
  // Each declaration resolved on its own, the way declaredJoinEdges resolves it among all.
  const declarations = profile.tables.flatMap((table) =>
    table.foreignKeys.map((fk) => ({ fk, edge: declaredJoinEdges(alone(profile, table.name, fk))[0] })),
  );
  const distinct = [...new Set(declarations.flatMap(({ edge }) => (edge ? [edgeKey(edge)] : [])))].sort();
  const drawSeed = deriveSeed(seed, profile.database);
  const hiddenKeys = new Set(new Rng(drawSeed).sample(distinct, Math.round(fraction * distinct.length)));
  const hiddenDeclarations = new Set(declarations.filter(({ edge }) => edge && hiddenKeys.has(edgeKey(edge))).map(({ fk }) => fk));
  const partial: DatabaseProfile = {
    ...profile,
    tables: profile.tables.map((t) => ({ ...t, foreignKeys: t.foreignKeys.filter((fk) => !hiddenDeclarations.has(fk)) })),
  };
  const all = declaredJoinEdges(profile);
  return {
    profile: partial,
    kept: all.filter((e) => !hiddenKeys.has(edgeKey(e))),
    hidden: all.filter((e) => hiddenKeys.has(edgeKey(e))),
    seed: drawSeed,
  };
}

/** `profile` declaring `fk` on `table` and nothing else. */
function alone(profile: DatabaseProfile, table: string, fk: ForeignKey): DatabaseProfile {
  return { ...profile, tables: profile.tables.map((t) => ({ ...t, foreignKeys: t.name === table ? [fk] : [] })) };
}
