#!/usr/bin/env node
// Prints the gzip size of the JavaScript the sign-in page loads: the entry
// chunk, the App it imports as soon as the config is read (main.tsx), and
// every chunk those import statically; lazy routes and lazy libraries (the
// signed-in app, loaded after sign-in) are excluded. Read from Vite's manifest.
// Exits 1 above the budget (150 kB gzip, issue 44).
//
//   node scripts/bench/web-bundle.mjs                 builds the web app into a temporary folder
//   node scripts/bench/web-bundle.mjs --dist DIR      measures a build made with `vite build --manifest`
//   node scripts/bench/web-bundle.mjs --modules       builds, and lists the sign-in chunks' modules by package
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const { values: opts } = parseArgs({
  options: { dist: { type: 'string' }, modules: { type: 'boolean' } },
});
if (opts.dist && opts.modules) {
  console.error('--modules needs a build of its own (with the module report): leave out --dist');
  process.exit(2);
}

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
let out;
let report;
if (opts.dist) {
  out = path.resolve(opts.dist);
} else {
  out = mkdtempSync(path.join(tmpdir(), 'fleet-web-bundle-'));
  // vite.config.ts adds rollup-plugin-visualizer's raw data when FLEET_BUNDLE_REPORT names a file.
  report = opts.modules ? path.join(out, 'modules.json') : undefined;
  execFileSync(
    path.join(web, 'node_modules/.bin/vite'),
    ['build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
      env: report ? { ...process.env, FLEET_BUNDLE_REPORT: report } : process.env,
    },
  );
}
const manifestFile = path.join(out, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build with \`vite build --manifest\``);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

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
// public/returning.js (issue 42) runs on every page too; the manifest does not list it.
const files = [...[...seen].map((key) => manifest[key].file), 'returning.js'];
const rows = files.map((file) => {
  const kb = gzipSync(readFileSync(path.join(out, file))).length / 1024;
  total += kb;
  return [file, kb];
});
rows.sort((a, b) => b[1] - a[1]).forEach(([file, kb]) => console.log(`${kb.toFixed(1).padStart(7)} kB gzip  ${file}`));

if (report) {
  // Each module's share of the sign-in chunks, by package (or source file). A module's gzip
  // size is measured alone, so the column adds up to more than the chunks' gzip sizes.
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const files = new Set(rows.map(([file]) => file));
  const byPackage = new Map();
  for (const meta of Object.values(data.nodeMetas)) {
    for (const [file, part] of Object.entries(meta.moduleParts)) {
      if (!files.has(file)) continue;
      const m = meta.id.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      const key = m ? m[1] : meta.id.replace(/.*\/src\//, 'src/').replace(/^\0/, '');
      const [gzip, rendered] = byPackage.get(key) ?? [0, 0];
      byPackage.set(key, [gzip + data.nodeParts[part].gzipLength, rendered + data.nodeParts[part].renderedLength]);
    }
  }
  console.log('\n  gzip kB  rendered kB  package or module (of the chunks above)');
  [...byPackage]
    .sort((a, b) => b[1][0] - a[1][0])
    .slice(0, 25)
    .forEach(([key, [gzip, rendered]]) =>
      console.log(`${(gzip / 1024).toFixed(1).padStart(9)}  ${(rendered / 1024).toFixed(1).padStart(11)}  ${key}`),
    );
  console.log('');
}

console.log(`sign-in page JavaScript: ${total.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`);
process.exit(total > BUDGET_KB ? 1 : 0);
