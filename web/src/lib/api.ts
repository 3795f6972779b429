/**
 * The one HTTP client of the console (GraphQL and REST), shared by every feature.
 * Both send the Cognito ID token (it carries `email`); see docs/api-contract.md.
 *
 * Errors: a server-side failure becomes an `ApiError` carrying the server's message.
 * A network failure (fetch rejects) is re-thrown as is, so screens can tell
 * "the server said X" (`err instanceof ApiError`) from "no answer" and show their
 * own fallback text (e.g. '..., Check your internet and your permissions').
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import type { TypedDocumentString } from '@/generated/gql/graphql';
import { getConfig } from '@/config';

export class ApiError extends Error {
  status?: number;
  errorType?: string;

  constructor(message: string, options: { status?: number; errorType?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.errorType = options.errorType;
  }
}

/** The message every permission failure carries (HTTP 403 / errorType Forbidden). */
export const PROHIBITED_MESSAGE = 'Error! User Action Prohibited!';

/** True for a permission failure. */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 403 || err.errorType === 'Forbidden');
}

async function idToken(): Promise<string> {
  const session = await fetchAuthSession();
  const token = session.tokens?.idToken?.toString();
  if (!token) throw new ApiError('You are not signed in', { status: 401, errorType: 'Unauthorized' });
  return token;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function genericMessage(res: Response): string {
  return `Request failed (HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''})`;
}

interface GraphqlError {
  message?: string;
  errorType?: string;
}

/**
 * Runs a GraphQL operation typed from infra/schema.graphql (see codegen.yml):
 * the result and variables types come from the document. Throws an ApiError
 * built from the first error when `errors` is non-empty.
 */
export async function graphql<T, V>(document: TypedDocumentString<T, V>, variables?: V): Promise<T> {
  const query = document.toString();
  const { graphqlUrl } = getConfig();
  const token = await idToken();
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify(variables ? { query, variables } : { query }),
  });
  const body = (await readJson(res)) as
    { data?: T; errors?: GraphqlError[]; message?: string; errorType?: string } | undefined;
  const first = body?.errors?.[0];
  if (first) {
    throw new ApiError(first.message || genericMessage(res), {
      status: res.ok ? undefined : res.status,
      errorType: first.errorType,
    });
  }
  if (!res.ok) {
    throw new ApiError(body?.message || genericMessage(res), { status: res.status, errorType: body?.errorType });
  }
  if (!body || body.data === undefined || body.data === null) {
    throw new ApiError('The server returned no data', { status: res.status });
  }
  return body.data;
}

/** Calls the REST API (stage `prod`): `${restUrl}/prod${path}`. Throws an ApiError on a non-2xx answer. */
export async function rest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const { restUrl } = getConfig();
  const token = await idToken();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${restUrl}/prod${path.startsWith('/') ? path : `/${path}`}`, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await readJson(res)) as unknown;
  if (!res.ok) {
    const err = (json && typeof json === 'object' ? json : {}) as { message?: unknown; errorType?: unknown };
    throw new ApiError(typeof err.message === 'string' && err.message ? err.message : genericMessage(res), {
      status: res.status,
      errorType: typeof err.errorType === 'string' ? err.errorType : undefined,
    });
  }
  return json as T;
}

/**
 * Reads an AWSJSON value: AppSync sends them as JSON strings. A string is parsed
 * (a string that is not valid JSON is returned unchanged); anything else passes through.
 */
export function parseAwsJson<T>(v: unknown): T {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return v as T;
    }
  }
  return v as T;
}

/** Encodes a value for an AWSJSON argument. */
export const awsJson = (v: unknown) => JSON.stringify(v);

/** The message to show for a failed call: the server's message, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
