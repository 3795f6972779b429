// Types the REST API from the Rust handlers' own types (issue 40): the server
// writes the JSON Schemas of every route's request and answer
// (`cargo run -p fleet-local -- contract`, src/generated/rest/*.schema.json)
// and json-schema-to-typescript turns them into src/generated/rest/*.ts.
// `node codegen/rest-types.mjs --check` fails when a generated file is stale
// (the test command runs it, as the drift test does for the schemas).
import { compile } from 'json-schema-to-typescript';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/generated/rest');
const BANNER = '// Generated from the Rust handlers by web/codegen/rest-types.mjs: do not edit.';

/**
 * The values the server parses at its edge (shared/src/entity/ids.rs): their schemas name them (`tsType`), and the
 * generated types use the branded types of src/lib/brands.ts, which only its parse functions make.
 */
const BRANDS = ['ActionId', 'FridgeTime', 'LocationId', 'PackingSlipId', 'RequestId', 'StockingDate', 'UploadId'];

/** The import of the brands a generated file names (none when it names none: unused imports fail the build). */
function withBrands(text) {
  const used = BRANDS.filter((b) => new RegExp(`\\b${b}\\b`).test(text));
  if (!used.length) return text;
  const line = `import type { ${used.join(', ')} } from '../../lib/brands';\n`;
  return text.replace(`${BANNER}\n`, `${BANNER}\n${line}`);
}

/** The TypeScript of one schema document (its `$defs` become named types). */
export async function typesOf(name) {
  const schema = JSON.parse(await readFile(path.join(dir, `${name}.schema.json`), 'utf8'));
  return withBrands(await compileSchema(schema));
}

function compileSchema(schema) {
  return compile(schema, schema.title, {
    bannerComment: BANNER,
    additionalProperties: false,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
    cwd: dir,
  });
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const name of ['requests', 'responses']) {
    const file = path.join(dir, `${name}.ts`);
    const text = await typesOf(name);
    if (!check) {
      await writeFile(file, text);
      continue;
    }
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), file)} is out of date: run \`node codegen/rest-types.mjs\``);
      stale += 1;
    }
  }
  process.exit(stale ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
