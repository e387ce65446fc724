import { describe, expect, it } from 'vitest';
import { overAll } from './report.js';

describe('the fit report over every training question', () => {
  it('counts the questions that gave no candidate tree as wrong', () => {
    expect(overAll(0.5, 8, 10)).toBe(0.4);
    expect(overAll(0.5936, 652, 660)).toBe(0.5864);
    expect(overAll(1, 10, 10)).toBe(1);
    expect(overAll(0, 0, 0)).toBe(0);
  });
});
