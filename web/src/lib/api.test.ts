import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { setConfig } from '@/config';
import { TEST_CONFIG } from '@/test/utils';
import { TypedDocumentString } from '@/generated/gql/graphql';
import { ApiError, awsJson, errorMessage, graphql, isForbidden, parseAwsJson, rest } from './api';

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

describe('rest', () => {
  it('calls ${restUrl}/prod${path} with a Bearer token and a JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ user: 'u', action: 'A', granted: true }));
    await expect(rest('POST', '/users/permissions', { user: 'u', action: 'A' })).resolves.toEqual({
      user: 'u',
      action: 'A',
      granted: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/prod/users/permissions');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer ID.TOKEN');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ user: 'u', action: 'A' });
  });

  it('sends no body on GET', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await rest('GET', '/users/permissions');
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
  });

  it('throws the JSON message and the status on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ errorType: 'Forbidden', message: 'Error! User Action Prohibited!' }, 403),
    );
    const err = await rest('GET', '/users/permissions').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Error! User Action Prohibited!', status: 403, errorType: 'Forbidden' });
    expect(errorMessage(err, 'fallback')).toBe('Error! User Action Prohibited!');
  });

  it('uses a generic text when the error body has no message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const err = (await rest('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/HTTP 502/);
  });

  it('returns undefined for an empty 2xx body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(rest('DELETE', '/x')).resolves.toBeUndefined();
  });
});

describe('AWSJSON helpers', () => {
  it('parses strings and passes other values through', () => {
    expect(parseAwsJson<{ a: number }>('{"a":1}')).toEqual({ a: 1 });
    expect(parseAwsJson<number>('1')).toBe(1);
    expect(parseAwsJson<{ a: number }>({ a: 1 })).toEqual({ a: 1 });
    expect(parseAwsJson(null)).toBeNull();
    expect(parseAwsJson('not json')).toBe('not json');
  });

  it('encodes with JSON.stringify', () => {
    expect(awsJson({ id: 'X', prod: 1 })).toBe('{"id":"X","prod":1}');
    expect(awsJson('1')).toBe('"1"');
  });
});
