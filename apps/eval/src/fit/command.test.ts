import { describe, expect, it } from 'vitest';
import { fitMarkdown, fitValueEvidence } from './command.js';
import type { Example } from './logistic.js';

/** Value matches where many distinct values mean a wrong table, in three databases. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const group of ['a', 'b', 'c'])
    for (let i = 0; i < 60; i++) {
      const distinct = i % 2 === 0 ? 3 : 3000;
      const label = (distinct === 3 ? i % 6 !== 0 : i % 10 === 1) ? 1 : 0;
      out.push({ features: [Math.log1p(distinct), i % 3 === 0 ? 0.5 : 0, 0], label, group });
    }
  return out;
}

describe('the value-evidence fit', () => {
  it('learns that a column of many values is weak evidence, and reports every held-out database', () => {
    const fit = fitValueEvidence(examples());
    expect(fit.weights.perLogDistinct).toBeLessThan(0);
    expect(Object.keys(fit.weights)).toEqual(['intercept', 'perLogDistinct', 'perUncovered', 'perExtraWord']);
    expect(fit.crossValidation.folds.map((f) => f.group)).toEqual(['a', 'b', 'c']);
    expect(fit.crossValidation.logLoss).toBeLessThan(fit.crossValidation.baselineLogLoss);
    expect(fitMarkdown(fit)).toContain('| a | 60 |');
  });
});
