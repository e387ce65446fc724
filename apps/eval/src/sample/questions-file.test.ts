import { fileURLToPath } from 'node:url';
import { loadSampleQuestions, SAMPLE_DATABASES } from '@guided-retrieval/benchmarks';
import { describe, expect, it } from 'vitest';

describe('the sample questions kept in the repository', () => {
  it('are well-formed, every line, each on a sample database', () => {
    const file = fileURLToPath(new URL('../../benchmarks/sample-questions/questions.jsonl', import.meta.url));
    const questions = loadSampleQuestions(
      file,
      SAMPLE_DATABASES.map((d) => d.name),
    );
    expect(questions.length).toBeGreaterThan(0);
  });
});
