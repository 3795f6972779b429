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
import { REST_ROUTES, type RestRoute } from '@/generated/rest/routes';
import type { RestRequests } from '@/generated/rest/requests';
import type { RestResponses } from '@/generated/rest/responses';

export class ApiError extends Error {
  status?: number;
  errorType?: string;
  /**
   * False when the answer carried no message of its own (an HTML error page, an empty body): `message` is then
   * the client's description of the status, and a screen shows its own fallback text instead (§8: "the
   * server's response message, else ...").
   */
  fromServer: boolean;

  constructor(message: string, options: { status?: number; errorType?: string; fromServer?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.errorType = options.errorType;
    this.fromServer = options.fromServer ?? true;
  }
}

/** The message every permission failure carries (HTTP 403 / errorType Forbidden). */
export const PROHIBITED_MESSAGE = 'Error! User Action Prohibited!';

/** True for a permission failure. */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 403 || err.errorType === 'Forbidden');
}

/** The signed-in user's Cognito ID token, as every call sends it (also the dashboard's subscription). */
export async function idToken(): Promise<string> {
  const session = await fetchAuthSession();
  const token = session.tokens?.idToken?.toString();
  if (!token) throw new ApiError('You are not signed in', { status: 401, errorType: 'Unauthorized' });
  return token;
}

function parseOrUndefined(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A JSON answer as the type its call declares: a GraphQL document's or a REST route's generated answer type.
 * JSON.parse is untyped, so this is the one place an answer is taken to match the schema its type was generated
 * from (codegen and the REST drift tests keep the two equal); no caller casts what graphql() or rest() return.
 */
function parseAnswer<T>(text: string): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An error for an answer that said nothing itself: the status described, not shown as the server's words. */
function unexplained(res: Response, errorType?: string): ApiError {
  const message = `Request failed (HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''})`;
  return new ApiError(message, { status: res.ok ? undefined : res.status, errorType, fromServer: false });
}

interface GraphqlError {
  message?: string;
  errorType?: string;
}

/** A GraphQL answer's body: the document's data, or errors (AppSync also answers a refusal as message/errorType). */
interface GraphqlBody<T> {
  data?: T | null;
  errors?: GraphqlError[];
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
  const body = parseAnswer<GraphqlBody<T>>(await res.text());
  const first = body?.errors?.[0];
  if (first) {
    if (!first.message) throw unexplained(res, first.errorType);
    throw new ApiError(first.message, { status: res.ok ? undefined : res.status, errorType: first.errorType });
  }
  if (!res.ok) {
    if (!body?.message) throw unexplained(res, body?.errorType);
    throw new ApiError(body.message, { status: res.status, errorType: body.errorType });
  }
  if (!body || body.data === undefined || body.data === null) {
    throw new ApiError('The server returned no data', { status: res.status, fromServer: false });
  }
  return body.data;
}

/** A REST route's path with the request's path parameters filled in, and the request's other fields. */
export function routeCall(path: string, request: object): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...request };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

/**
 * Calls a REST route (stage `prod`) by its function name. The request and the answer are the
 * server's own types, generated from the Rust handlers (src/generated/rest, kept current by the
 * drift tests). The request's fields named in the path fill it; a GET sends the others as query
 * parameters, any other method as the JSON body. Throws an ApiError on a non-2xx answer.
 */
export async function rest<R extends RestRoute>(route: R, request: RestRequests[R]): Promise<RestResponses[R]> {
  const { method, path: template } = REST_ROUTES[route];
  const { path, rest: fields } = routeCall(template, request);
  const query = new URLSearchParams();
  if (method === 'GET') {
    for (const [name, value] of Object.entries(fields)) if (value != null) query.set(name, String(value));
  }
  const { restUrl } = getConfig();
  const token = await idToken();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const search = query.size ? `?${query}` : '';
  const res = await fetch(`${restUrl}/prod${path}${search}`, {
    method,
    headers,
    body: method !== 'GET' ? JSON.stringify(fields) : undefined,
  });
  const text = await res.text();
  if (!res.ok) {
    const err = parseOrUndefined(text);
    const body = err && typeof err === 'object' ? err : {};
    const message = 'message' in body && typeof body.message === 'string' ? body.message : '';
    const errorType = 'errorType' in body && typeof body.errorType === 'string' ? body.errorType : undefined;
    if (!message) throw unexplained(res, errorType);
    throw new ApiError(message, { status: res.status, errorType });
  }
  return answer(route, text);
}

/** A 2xx answer's body, as the route's generated answer type. */
function answer<R extends RestRoute>(_route: R, text: string): RestResponses[R] {
  const body = parseAnswer<RestResponses[R]>(text);
  if (body === undefined) throw new ApiError('The server answered with no readable data', { fromServer: false });
  return body;
}

/**
 * Reads an AWSJSON value: AppSync sends them as JSON strings. A string is parsed
 * (a string that is not valid JSON is returned unchanged); anything else passes through.
 * The result is `unknown`: a screen narrows it before use.
 */
export function parseAwsJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Encodes a value for an AWSJSON argument. */
export const awsJson = (v: unknown) => JSON.stringify(v);

/** The message to show for a failed call: the server's message, else `fallback` (no answer, or none in words). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.fromServer && err.message ? err.message : fallback;
}
