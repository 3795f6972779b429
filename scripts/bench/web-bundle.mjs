#!/usr/bin/env node
// Prints the gzip size of the JavaScript the sign-in page loads: the entry
// chunk, the App it imports as soon as the config is read (main.tsx), and
// every chunk those import statically; lazy routes and lazy libraries are
// excluded. Read from Vite's manifest. Builds the web app into a temporary folder first.
// A benchmark, not a test; exits 1 above the budget (250 kB gzip).
//
//   node scripts/bench/web-bundle.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const out = mkdtempSync(path.join(tmpdir(), 'fleet-web-bundle-'));
execFileSync(path.join(web, 'node_modules/.bin/vite'), ['build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8'));

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entry);
// main.tsx imports the App right after reading /config.json: part of every page load.
for (const key of manifest[entry].dynamicImports ?? []) visit(key);

let total = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const kb = gzipSync(readFileSync(path.join(out, file))).length / 1024;
  total += kb;
  return [file, kb];
});
rows.sort((a, b) => b[1] - a[1]).forEach(([file, kb]) => console.log(`${kb.toFixed(1).padStart(7)} kB gzip  ${file}`));
console.log(`sign-in page JavaScript: ${total.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`);
process.exit(total > BUDGET_KB ? 1 : 0);
