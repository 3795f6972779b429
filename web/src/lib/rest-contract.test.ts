// @vitest-environment node
/**
 * The drift test of the web's REST types: src/generated/rest/*.ts must be what
 * codegen/rest-types.mjs makes from the schemas the Rust handlers' types
 * produce (which the Rust drift test keeps current).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the codegen, without types
import { typesOf } from '../../codegen/rest-types.mjs';

describe('the generated REST types', () => {
  it.each(['requests', 'responses'])('%s.ts is generated from its schema', async (name) => {
    const committed = await readFile(new URL(`../generated/rest/${name}.ts`, import.meta.url), 'utf8');
    expect(committed, `run \`node codegen/rest-types.mjs\``).toBe(await typesOf(name));
  });
});
