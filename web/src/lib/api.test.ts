import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { setConfig } from '@/config';
import { TEST_CONFIG } from '@/test/utils';
import { TypedDocumentString } from '@/generated/gql/graphql';
import { locationIdOf } from './brands';
import { ApiError, awsJson, errorMessage, graphql, isForbidden, parseAwsJson, rest, routeCall } from './api';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const mockSession = vi.mocked(fetchAuthSession);
const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  setConfig(TEST_CONFIG);
  mockSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'ID.TOKEN', payload: {} } } } as never);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const doc = (q: string) => new TypedDocumentString<unknown, Record<string, unknown>>(q);

describe('graphql', () => {
  it('posts the query with the raw ID token and returns data', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: { getFeatureFlags: ['a'] } }));
    await expect(graphql(doc('query { getFeatureFlags }'), { x: 1 })).resolves.toEqual({ getFeatureFlags: ['a'] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/graphql');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('ID.TOKEN');
    expect(JSON.parse(init?.body as string)).toEqual({ query: 'query { getFeatureFlags }', variables: { x: 1 } });
  });

  it('throws the first error with its message and errorType', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        data: null,
        errors: [
          { message: 'Error! User Action Prohibited!', errorType: 'Forbidden' },
          { message: 'second', errorType: 'BadRequest' },
        ],
      }),
    );
    const err = await graphql(doc('query { x }')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Error! User Action Prohibited!');
    expect((err as ApiError).errorType).toBe('Forbidden');
    expect(isForbidden(err)).toBe(true);
  });

  it('throws even when data is partially present', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ data: { a: 1 }, errors: [{ message: 'boom', errorType: 'InternalError' }] }),
    );
    await expect(graphql(doc('query { a }'))).rejects.toMatchObject({ message: 'boom', errorType: 'InternalError' });
  });

  it('turns a non-2xx answer without errors into an ApiError with the status', async () => {
    fetchMock.mockResolvedValue(new Response('nope', { status: 401 }));
    await expect(graphql(doc('query { a }'))).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });

  it("shows a screen's fallback for an answer with no words of its own, and the server's words otherwise", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 504, statusText: 'Gateway Timeout' }));
    const silent = await graphql(doc('query { a }')).catch((e: unknown) => e);
    expect(silent).toMatchObject({ name: 'ApiError', status: 504, fromServer: false });
    expect(errorMessage(silent, 'Unable to load, Check your internet')).toBe('Unable to load, Check your internet');

    fetchMock.mockResolvedValueOnce(jsonResponse({ data: null, errors: [{ errorType: 'Oops' }] }));
    const nameless = await graphql(doc('query { a }')).catch((e: unknown) => e);
    expect(nameless).toMatchObject({ errorType: 'Oops', fromServer: false });
    expect(errorMessage(nameless, 'fallback')).toBe('fallback');

    fetchMock.mockResolvedValueOnce(jsonResponse({ data: null }));
    expect(errorMessage(await graphql(doc('query { a }')).catch((e: unknown) => e), 'fallback')).toBe('fallback');

    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Location X does not exist' }, 400));
    const said = await graphql(doc('query { a }')).catch((e: unknown) => e);
    expect(errorMessage(said, 'fallback')).toBe('Location X does not exist');
  });

  it('refuses to call without a session', async () => {
    mockSession.mockResolvedValue({ tokens: undefined } as never);
    await expect(graphql(doc('query { a }'))).rejects.toMatchObject({ status: 401, errorType: 'Unauthorized' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets a network failure through unchanged', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await graphql(doc('query { a }')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(errorMessage(err, 'fallback')).toBe('fallback');
  });
});

describe('routeCall', () => {
  it("fills the path's parameters from the request, encoded, and hands back the other fields", () => {
    expect(routeCall('/locations/{id}/schedule', { id: 'CHI 01/a', extra: 1 })).toEqual({
      path: '/locations/CHI%2001%2Fa/schedule',
      rest: { extra: 1 },
    });
  });

  it('leaves a path without parameters as it is and keeps every field', () => {
    expect(routeCall('/users/permissions', { user: 'u', action: 'A' })).toEqual({
      path: '/users/permissions',
      rest: { user: 'u', action: 'A' },
    });
  });

  it('fills a missing parameter with nothing rather than "undefined"', () => {
    expect(routeCall('/reports/stockouts/{date}', {})).toEqual({ path: '/reports/stockouts/', rest: {} });
  });
});

describe('rest', () => {
  it('POSTs the request as JSON to ${restUrl}/prod${path} with a Bearer token and answers the body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ user: 'u', action: 'A', granted: true }));
    await expect(rest('add_user_permission', { user: 'u', action: 'A' })).resolves.toEqual({
      user: 'u',
      action: 'A',
      granted: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/prod/users/permissions');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer ID.TOKEN');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ user: 'u', action: 'A' });
  });

  it("fills a GET's path parameter, encoded, and sends no body", async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));
    await rest('location_schedule', { id: locationIdOf('CHI 01/a') });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/prod/locations/CHI%2001%2Fa/schedule');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("sends a GET's other fields as query parameters, leaving out null and absent ones", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ items: [], nextToken: null, emails: {} }));
    await rest('driver_log_report', { startTime: '100', endTime: '200', nextToken: null });
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/prod/reports/driverlog?startTime=100&endTime=200');
    await rest('driver_log_emails', { ids: 'a,b c', startTime: '100', endTime: '200' });
    expect(fetchMock.mock.calls[1][0]).toBe(
      'http://api.test/prod/reports/driverlog/cognitoemails?ids=a%2Cb+c&startTime=100&endTime=200',
    );
  });

  it('sends a PUT body without the path parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ date: '2026-01-02', item: 'Salad', quantity: 3 }));
    await rest('forecast_update', { date: '2026-01-02', item: 'Salad', quantity: 3 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/prod/forecast/update');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ date: '2026-01-02', item: 'Salad', quantity: 3 });
  });

  it('throws the JSON message and the status on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ errorType: 'Forbidden', message: 'Error! User Action Prohibited!' }, 403),
    );
    const err = await rest('get_user_permissions', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Error! User Action Prohibited!', status: 403, errorType: 'Forbidden' });
    expect(isForbidden(err)).toBe(true);
    expect(errorMessage(err, 'fallback')).toBe('Error! User Action Prohibited!');
  });

  it('describes the status when the error body has no message, and a screen shows its fallback, not that', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const err = await rest('my_coupons', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, errorType: undefined, fromServer: false });
    expect((err as ApiError).message).toMatch(/HTTP 502 Bad Gateway/);
    expect(errorMessage(err, 'fallback')).toBe('fallback');
  });

  it('throws an ApiError for a 2xx answer with no readable body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(rest('my_coupons', {})).rejects.toMatchObject({
      name: 'ApiError',
      message: 'The server answered with no readable data',
    });
  });

  it('lets a network failure through unchanged', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await rest('my_coupons', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
  });
});

describe('AWSJSON helpers', () => {
  it('parses strings and passes other values through', () => {
    expect(parseAwsJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseAwsJson('1')).toBe(1);
    expect(parseAwsJson({ a: 1 })).toEqual({ a: 1 });
    expect(parseAwsJson(null)).toBeNull();
    expect(parseAwsJson('not json')).toBe('not json');
  });

  it('encodes with JSON.stringify', () => {
    expect(awsJson({ id: 'X', prod: 1 })).toBe('{"id":"X","prod":1}');
    expect(awsJson('1')).toBe('"1"');
  });
});
