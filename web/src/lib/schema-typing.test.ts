// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';

const WEB = resolve(__dirname, '../..');
const SCALARS = resolve(WEB, 'codegen/appsync-scalars.graphql');

/**
 * Runs the code generator of `npm run build` over the app's operations and a
 * (possibly changed) schema, in memory. Resolves with the error text, or null.
 */
async function validateAgainst(schema: string): Promise<string | null> {
  try {
    await generate(
      {
        schema: [schema, SCALARS],
        documents: [resolve(WEB, 'src/**/*.{ts,tsx}'), `!${resolve(WEB, 'src/generated/**')}`],
        generates: {
          [`${resolve(WEB, 'src/generated/gql')}/`]: {
            preset: 'client',
            presetConfig: { gqlTagName: 'gql', fragmentMasking: false },
            config: { documentMode: 'string' },
          },
        },
        silent: true,
      },
      false, // nothing is written
    );
    return null;
  } catch (e) {
    return String((e as Error).message ?? e);
  }
}

describe('typed GraphQL operations', () => {
  const schema = readFileSync(resolve(WEB, '../infra/schema.graphql'), 'utf8');

  it('validate against the real schema', async () => {
    expect(await validateAgainst(schema)).toBeNull();
  }, 60_000);

  it('fail the build when the schema drops a field a screen asks for', async () => {
    const broken = schema.replace(/^ {2}prettyName: String$/m, '  displayName: String');
    expect(broken).not.toBe(schema);
    const error = await validateAgainst(broken);
    expect(error).toContain('Cannot query field "prettyName" on type "Location"');
  }, 60_000);
});
