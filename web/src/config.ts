import { Amplify } from 'aws-amplify';

/** External links of the navigation bar (all optional; a missing one is shown disabled). */
export interface AppLinks {
  facilityCms?: string;
  driverApp?: string;
  packingSlip?: string;
  historicalAllocation?: string;
  receivingInvoices?: string;
  /** Optional: the per diem request form linked from /customers/group. */
  perDiemForm?: string;
}

export type AuthFlowType = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

/** The runtime configuration served as /config.json (see docs/api-contract.md). */
export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only present locally (Cognito emulator). */
  userPoolEndpoint?: string;
  authFlowType: AuthFlowType;
  graphqlUrl: string;
  restUrl: string;
  links: AppLinks;
}

export class ConfigError extends Error {}

let current: AppConfig | null = null;

/** The loaded configuration; throws when called before `loadConfig()`. */
export function getConfig(): AppConfig {
  if (!current) throw new ConfigError('The configuration has not been loaded yet');
  return current;
}

/** Replaces the configuration (used by tests). */
export function setConfig(config: AppConfig | null): void {
  current = config;
}

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId', 'graphqlUrl', 'restUrl'] as const;

/** Checks the shape of a parsed config.json and fills the optional parts. */
export function parseConfig(raw: unknown): AppConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json is not a JSON object');
  const obj = raw as Record<string, unknown>;
  const missing = REQUIRED.filter((k) => typeof obj[k] !== 'string' || obj[k] === '');
  if (missing.length) throw new ConfigError(`config.json lacks: ${missing.join(', ')}`);
  const authFlowType: AuthFlowType = obj.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  const links = obj.links && typeof obj.links === 'object' ? (obj.links as AppLinks) : {};
  return {
    region: obj.region as string,
    userPoolId: obj.userPoolId as string,
    userPoolClientId: obj.userPoolClientId as string,
    userPoolEndpoint:
      typeof obj.userPoolEndpoint === 'string' && obj.userPoolEndpoint ? obj.userPoolEndpoint : undefined,
    authFlowType,
    graphqlUrl: obj.graphqlUrl as string,
    restUrl: (obj.restUrl as string).replace(/\/+$/, ''),
    links,
  };
}

/**
 * The request for /config.json that public/returning.js made while the page parsed (issue 63), taken once: a
 * response's body is read once, and a later load (a test's) asks again.
 */
function takeEarlyRequest(): Promise<Response> | undefined {
  const early = globalThis as { fleetConfigRequest?: Promise<Response> };
  const request = early.fleetConfigRequest;
  delete early.fleetConfigRequest;
  return request;
}

/** Fetches /config.json (never cached), stores it and configures Amplify (Auth, and the GraphQL API's endpoint). */
export async function loadConfig(): Promise<AppConfig> {
  const url = `${import.meta.env.BASE_URL}config.json`;
  let res: Response;
  try {
    res = await (takeEarlyRequest() ?? fetch(url, { cache: 'no-store' }));
  } catch (e) {
    throw new ConfigError(`Could not fetch ${url}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok) throw new ConfigError(`Could not load ${url} (HTTP ${res.status})`);
  let raw: unknown;
  try {
    raw = await res.json();
  } catch {
    throw new ConfigError(`${url} is not valid JSON`);
  }
  const config = parseConfig(raw);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
    // For the dashboard's subscription (generateClient() of aws-amplify/api, loaded with the dashboard only);
    // queries and mutations go through src/lib/api.ts.
    API: { GraphQL: { endpoint: config.graphqlUrl, region: config.region, defaultAuthMode: 'userPool' } },
  });
  current = config;
  return config;
}
