import { VIEW_MODES } from '@guided-retrieval/profiler';
import { describe, expect, it } from 'vitest';
import { VIEW_CHOICES, viewMode } from './options.js';

describe('the options parsed before any command runs', () => {
  it("--views takes the profiler's view modes, listed here so that parsing loads no connector", () => {
    expect(VIEW_CHOICES).toEqual(VIEW_MODES);
    expect(viewMode(' List ')).toBe('list');
    expect(() => viewMode('all')).toThrow('must be one of none, list, profile, got "all"');
  });
});
