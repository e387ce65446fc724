import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TpchFixture, tpchFixture } from '../test-support/tpch-db.js';
import { FEATURE_NAMES } from './features.js';
import { featureFingerprints, PROBE_SCALE } from './fingerprint.js';
import { defaultChoiceFile } from './model-file.js';

let fixture: TpchFixture;
beforeAll(async () => {
  fixture = await tpchFixture(PROBE_SCALE);
});
afterAll(() => fixture.cleanup());

describe('the shipped choice model', () => {
  it('was fitted on the features this version computes: each feature gives the values it gave on the probe when fitted', async () => {
    const card = defaultChoiceFile().provenance;
    expect(card, 'params/choice.json holds no fitted model: run pnpm fit -- --write').not.toBeNull();
    const now = await featureFingerprints(fixture.graph, defaultChoiceFile(), card!.fingerprints.questions);
    const changed = FEATURE_NAMES.filter((f) => card!.fingerprints.features[f] !== now[f]);
    expect(
      changed,
      `features whose definition changed since the model was fitted (refit with pnpm fit -- --write): ${changed.join(', ')}`,
    ).toEqual([]);
  });

  it('weighs only features this version computes, and records how its fit ended', () => {
    const { model, provenance } = defaultChoiceFile();
    for (const f of model.features) expect(FEATURE_NAMES).toContain(f);
    expect(provenance?.convergence.converged).toBe(true);
    expect(provenance?.outOfFold.questions).toBeGreaterThan(0);
  });
});
