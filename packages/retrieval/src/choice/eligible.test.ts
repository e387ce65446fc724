import { describe, expect, it } from 'vitest';
import { eligibleTrees } from './eligible.js';

const FEATURES = ['tables', 'namingLost table', 'namingLost column', 'namingLost value-name', 'namingLost value-word'];

describe('the naming rule', () => {
  it('lets only the trees that lose the fewest naming words of the listed kinds be picked', () => {
    const vectors = [
      [1, 1, 0, 0, 0], // the small tree drops a table the question names
      [3, 0, 0, 0, 0],
      [2, 0, 1, 0, 0], // drops a spelled column: not a kind the rule lists here
    ];
    expect(eligibleTrees(vectors, FEATURES, { namingKinds: ['table', 'value-name'] })).toEqual([false, true, true]);
    expect(eligibleTrees(vectors, FEATURES, { namingKinds: ['table', 'column'] })).toEqual([false, true, false]);
  });

  it('leaves every tree eligible when the rule lists no kind, or all lose alike', () => {
    const vectors = [
      [1, 1, 0, 0, 0],
      [2, 1, 0, 0, 0],
    ];
    expect(eligibleTrees(vectors, FEATURES, { namingKinds: [] })).toEqual([true, true]);
    expect(eligibleTrees(vectors, FEATURES, { namingKinds: ['table'] })).toEqual([true, true]);
  });
});
