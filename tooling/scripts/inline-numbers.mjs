#!/usr/bin/env node
// Lists the numeric literals in the packages' source (packages/*/src/**/*.ts, tests and
// test-support left out) other than 0, 1, -1 and 2, as `file:line number`, and exits 1 when one is
// not in tooling/inline-numbers-allowed.txt: a tuning number belongs in its package's checked params
// file (ARCHITECTURE.md, "Where parameters live"). Literals in comments, strings, regular
// expressions and types are no numbers the code computes with, so they are never listed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ALLOWED_FILE = 'tooling/inline-numbers-allowed.txt';
/** An identity, an index step, a pair or a sign: never a tuning number. */
const ALWAYS_ALLOWED = new Set([0, 1, -1, 2]);

const args = process.argv.slice(2);
const asked = args.includes('--help') || args.includes('-h');
if (asked || args.some((a) => a !== '--all')) {
  (asked ? console.log : console.error)(`Usage: node tooling/scripts/inline-numbers.mjs [--all]   (pnpm check:numbers)

Lists the numeric literals other than 0, 1, -1 and 2 in packages/*/src/**/*.ts (tests and
test-support left out; comments, strings, regular expressions and types hold no number the code
computes with), as file:line number, and exits 1 when one is not in ${ALLOWED_FILE}.
A tuning number (a weight, threshold, ratio or limit) belongs in its package's checked params file
instead; the allow-list holds the rest (precisions, formats, protocol constants), a reason per group.

  --all   list every literal found, the allowed ones too (marked "allowed")

Params files are JSON and never scanned. Exit 0 when every literal is allowed, 1 when one is not,
2 for bad usage or a malformed allow-list line. An allow-list entry that no longer appears is said
on stderr (the list can shrink) but fails nothing.`);
  process.exit(asked ? 0 : 2);
}
const listAll = args.includes('--all');

/** `path number [×count]` lines of the allow-list; `#` lines say why. A count left out is 1. */
function readAllowed() {
  const path = join(root, ALLOWED_FILE);
  const allowed = new Map();
  if (!existsSync(path)) return allowed;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      const m = /^(\S+)\s+(-?[0-9a-fA-FxXoObB._e+-]+)(?:\s+×(\d+))?$/.exec(line);
      if (!m) {
        console.error(`${ALLOWED_FILE}:${i + 1}: expected "path number" or "path number ×count", not ${JSON.stringify(line)}`);
        process.exit(2);
      }
      const value = Number(m[2].replace(/_/g, ''));
      if (Number.isNaN(value)) {
        console.error(`${ALLOWED_FILE}:${i + 1}: ${m[2]} is not a number`);
        process.exit(2);
      }
      const key = `${m[1]} ${value}`;
      allowed.set(key, (allowed.get(key) ?? 0) + Number(m[3] ?? 1));
    });
  return allowed;
}

function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support' && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  const packages = join(root, 'packages');
  for (const name of readdirSync(packages).sort()) {
    const src = join(packages, name, 'src');
    if (existsSync(src)) walk(src);
  }
  return out;
}

/** Whether a node sits in a type (`version: 3` as a literal type): no number the code computes with. */
function inType(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return true;
    if (ts.isStatement(n) || ts.isClassElement(n)) return false;
  }
  return false;
}

function literals(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = [];
  const visit = (node) => {
    if ((ts.isNumericLiteral(node) || ts.isBigIntLiteral(node)) && !inType(node)) {
      const negative = ts.isPrefixUnaryExpression(node.parent) && node.parent.operator === ts.SyntaxKind.MinusToken;
      const value = Number(node.text.replace(/n$/, '')) * (negative ? -1 : 1);
      // Shown as written (`1e-6`, `0xfeff`, `100_000`), compared by value.
      const written = `${negative ? '-' : ''}${node.getText(file)}`;
      if (!ALWAYS_ALLOWED.has(value)) out.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, value, written });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const allowed = readAllowed();
const left = new Map(allowed);
let found = 0;
let refused = 0;
for (const path of sourceFiles()) {
  const name = relative(root, path).split(sep).join('/');
  for (const { line, value, written } of literals(path)) {
    found += 1;
    const key = `${name} ${value}`;
    const budget = left.get(key) ?? 0;
    if (budget > 0) {
      left.set(key, budget - 1);
      if (listAll) console.log(`${name}:${line} ${written} allowed`);
    } else {
      refused += 1;
      console.log(`${name}:${line} ${written}`);
    }
  }
}
const stale = [...left].filter(([, count]) => count > 0);
for (const [key, count] of stale)
  console.error(`${ALLOWED_FILE}: ${key} is allowed ${count} more time(s) than it appears (the list can shrink)`);
console.error(
  `${found} numeric literals other than 0, 1, -1, 2 in packages/*/src: ${found - refused} allowed by ${ALLOWED_FILE}, ${refused} not` +
    (refused > 0 ? ' (a tuning number goes in its package’s params file; anything else in the allow-list, with a reason)' : ''),
);
process.exit(refused > 0 ? 1 : 0);
