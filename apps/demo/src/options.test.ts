import { defaultJoinParams } from '@guided-retrieval/join-inference';
import { VIEW_MODES } from '@guided-retrieval/profiler';
import { defaultColumnParams } from '@guided-retrieval/retrieval';
import { describe, expect, it } from 'vitest';
import { defaultMinConfidence, defaultPromptTokens } from './help-defaults.js';
import { VIEW_CHOICES, viewMode } from './options.js';

describe('the options parsed before any command runs', () => {
  it("--views takes the profiler's view modes, listed here so that parsing loads no connector", () => {
    expect(VIEW_CHOICES).toEqual(VIEW_MODES);
    expect(viewMode(' List ')).toBe('list');
    expect(() => viewMode('all')).toThrow('must be one of none, list, profile, got "all"');
  });

  it("the help's defaults are the numbers the packages use, read from their parameters files", () => {
    expect(defaultPromptTokens()).toBe(String(defaultColumnParams().defaultMaxTokens));
    expect(defaultMinConfidence()).toBe(String(defaultJoinParams().minConfidence));
  });
});
