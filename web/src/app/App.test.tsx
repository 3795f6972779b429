import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, signIn } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTestConfig } from '@/test/utils';
import { App } from './App';
import { preloadScreen } from './router';

vi.mock('aws-amplify/auth', () => ({
  getCurrentUser: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  signOut: vi.fn(),
}));
// The signed-in app without the routes: a probe of the query cache the provider gives it.
vi.mock('./router', () => ({ preloadScreen: vi.fn() }));
vi.mock('./AppRouter', async () => {
  const { useQueryClient } = await import('@tanstack/react-query');
  const { useState } = await import('react');
  return {
    default: function CacheProbe() {
      const client = useQueryClient();
      const [who, setWho] = useState(() => client.getQueryData<string>(['who']) ?? 'empty');
      return (
        <>
          <p>cache: {who}</p>
          <button
            onClick={() => {
              client.setQueryData(['who'], 'first user');
              setWho('first user');
            }}
          >
            remember
          </button>
        </>
      );
    },
  };
});

const SRC = resolve(__dirname, '..');

/** The source file a specifier of `from` names, or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = resolve(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.(tsx?|css|json|svg|png)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${spec} (imported by ${from}) not found`);
}

/**
 * The packages and source files `entry` imports statically, directly or not: what loads with it.
 * `import()` is lazy and not followed; `import type` is erased.
 */
function staticImportGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.tsx?$/.test(file)) return; // CSS, JSON, images
    const source = readFileSync(file, 'utf8');
    const statement = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";()]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
    for (const [, spec] of source.matchAll(statement)) {
      const target = resolveImport(file, spec!);
      if (target) visit(target);
      else packages.add(spec!);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => f.slice(SRC.length + 1)), packages: [...packages].sort() };
}

describe('the sign-in stage (issue 44)', () => {
  it('imports only React and Amplify: no UI library, query cache or router before sign-in', () => {
    const { files, packages } = staticImportGraph(resolve(__dirname, 'App.tsx'));
    expect(packages).toEqual(['aws-amplify', 'aws-amplify/auth', 'aws-amplify/utils', 'react']);
    expect(files).toContain('features/auth/AuthGate.tsx');
    expect(files).not.toContain('app/SignedInApp.tsx');
    expect(files).not.toContain('app/provider.tsx');
  });

  it('the import walk sees what a file imports (it finds the UI library behind the signed-in app)', () => {
    const { packages } = staticImportGraph(resolve(__dirname, 'SignedInApp.tsx'));
    expect(packages).toEqual(expect.arrayContaining(['@aws-amplify/ui-react', '@tanstack/react-query']));
  });
});

describe('App', () => {
  beforeEach(() => {
    applyTestConfig();
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('not signed in'));
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  async function signInAs(email: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', { exact: true }), email);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return user;
  }

  it('prefetches the signed-in app and the first screen while the sign-in form is shown', async () => {
    render(<App />);
    await screen.findByRole('button', { name: 'Sign in' });
    await vi.waitFor(() => expect(preloadScreen).toHaveBeenCalledWith(window.location.pathname));
  });

  it('gives the next user an empty query cache, and clears the cached answers at sign-out', async () => {
    render(<App />);
    const user = await signInAs('first@example.com');
    expect(await screen.findByText('cache: empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'remember' }));
    expect(screen.getByText('cache: first user')).toBeInTheDocument();
    localStorage.setItem('fleet-console.locations.v1', '{"locations":[],"timestamp":1}');

    act(() => Hub.dispatch('auth', { event: 'signedOut' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('fleet-console.locations.v1')).toBeNull();

    await signInAs('second@example.com');
    expect(await screen.findByText('cache: empty')).toBeInTheDocument();
  });
});
