import type { RowStatus, Summary } from '@/generated/rest/responses';
import { REST_ROUTES, type RestRoute } from '@/generated/rest/routes';
import { routeCall } from '@/lib/api';

/** What `rest` sends for a route and its request: the method, the path (with the query, for a GET) and the JSON body. */
export interface RestTarget {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/**
 * The method, path and body `rest(route, request)` sends, for tests that mock `rest` and assert
 * the URL and the body a screen calls (as `rest` builds them: path parameters filled and encoded,
 * a GET's other fields as the query, any other method's as the body).
 */
export function restTarget(route: RestRoute, request: object): RestTarget {
  const { method, path: template } = REST_ROUTES[route];
  const { path, rest } = routeCall(template, request);
  if (method !== 'GET') return { method, path, body: rest };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) if (value != null) query.set(name, String(value));
  return { method, path: query.size ? `${path}?${query}` : path, body: undefined };
}

/** Every call of a mocked `rest`, as what it sends. */
export const restTargets = (mock: { mock: { calls: [RestRoute, object][] } }): RestTarget[] =>
  mock.mock.calls.map(([route, request]) => restTarget(route, request));

/** A dry run's answer with its `summary` counted from its rows, as the server counts it. */
export function withSummary<T extends { rows: { status: RowStatus }[] }>(answer: T): T & { summary: Summary } {
  const summary: Summary = { total: answer.rows.length, new: 0, change: 0, unchanged: 0, invalid: 0 };
  for (const r of answer.rows) summary[r.status] += 1;
  return { ...answer, summary };
}
