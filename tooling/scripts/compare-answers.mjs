#!/usr/bin/env node
// Compares two eval runs question by question: the join tree (as SQL) and the hash of the whole
// result but its timings. Reads every questions.jsonl (retrieval benches) and every results.json
// of the scale bench under each folder. Exit 1 when any tree differs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length !== 2) {
  console.log(`Usage: node tooling/scripts/compare-answers.mjs <before-dir> <after-dir>

Compares two runs of guided-eval (--out folders, e.g. of --bench all or --bench scale) question by
question: the join tree each question got (its SQL) and a hash of the whole result, timings left
out. Prints, per report, how many trees and results are the same, and the first differing trees.
Exits 1 when a tree differs or a question is missing from one run.`);
  process.exit(args.length === 2 || args.includes('--help') || args.includes('-h') ? 0 : 2);
}

function reports(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'questions.jsonl') out.set(relative(dir, p), answersOfJsonl(p));
      else if (name === 'results.json') {
        const json = JSON.parse(readFileSync(p, 'utf8'));
        if (json.bench === 'scale') for (const row of json.rows) out.set(`${relative(dir, p)}#${row.case}`, answersOfScale(row));
      }
    }
  };
  walk(dir);
  return out;
}

function answersOfJsonl(path) {
  const answers = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const o = JSON.parse(line);
    answers.set(`${o.db}/${o.id}`, { sql: o.sql, hash: o.resultHash, question: o.question });
  }
  return answers;
}

function answersOfScale(row) {
  const answers = new Map();
  for (const [i, a] of (row.answers ?? []).entries()) answers.set(`${a.id}#${i}`, { sql: a.sql, hash: a.resultHash, question: a.id });
  return answers;
}

const [before, after] = [reports(args[0]), reports(args[1])];
let failed = false;
for (const [name, was] of before) {
  const now = after.get(name);
  if (!now) {
    console.log(`${name}: only in ${args[0]}`);
    continue;
  }
  let sameTree = 0;
  let sameHash = 0;
  const differing = [];
  for (const [id, a] of was) {
    const b = now.get(id);
    if (!b) {
      differing.push(`${id}: missing from ${args[1]}`);
      continue;
    }
    if (a.hash === undefined || b.hash === undefined) differing.push(`${id}: no fingerprint in one run`);
    if (a.sql === b.sql) sameTree++;
    else differing.push(`${id}: ${a.question}\n    before: ${a.sql}\n    after:  ${b.sql}`);
    if (a.hash === b.hash) sameHash++;
  }
  if (differing.length > 0) failed = true;
  console.log(`${name}: ${sameTree} of ${was.size} trees the same, ${sameHash} of ${was.size} whole results the same`);
  for (const d of differing.slice(0, 5)) console.log(`  ${d}`);
}
process.exit(failed ? 1 : 0);
