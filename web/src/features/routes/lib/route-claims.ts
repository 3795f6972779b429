import type { SetRouteClaimsInput } from '@/generated/gql/graphql';
import { centralTime } from '@/lib/central-time';
import { RetainedRequests } from '@/lib/retained-requests';

export const CLAIMS_LABEL = 'Drivers may claim routes without a driver';
export const CLAIMS_ON_DONE = 'Drivers may now claim routes without a driver.';
export const CLAIMS_OFF_DONE = 'Drivers can no longer claim routes: the office assigns every route.';
export const SAVE_CLAIMS_FAILURE = 'Unable to save the setting, Please check your internet and your permissions';
export const LOAD_CLAIMS_FAILURE = 'Unable to load the setting, Please check your internet and your permissions';

/** What a change of the setting did, for its toast. */
export const claimsDone = (claimsAllowed: boolean) => (claimsAllowed ? CLAIMS_ON_DONE : CLAIMS_OFF_DONE);

/** Who changed the setting last and when (Central), or null when nobody has changed it yet (or it is not known). */
export function claimsChangedText(settings: { changedBy?: string | null; changedAt?: string | null }): string | null {
  const by = settings.changedBy?.trim();
  const at = settings.changedAt ? `${centralTime(settings.changedAt)} CT` : '';
  if (by && at) return `Last changed by ${by} at ${at}.`;
  if (by) return `Last changed by ${by}.`;
  if (at) return `Last changed at ${at}.`;
  return null;
}

const KEY = 'claims';

/**
 * The change of the setting the user asked for, kept until it is answered for good: a retry of the same
 * change (on, or off) after a lost answer or a server failure resends exactly the first try — its
 * requestId and the version it read — so the server answers the change that may have landed instead of
 * refusing it as stale. A success or a refusal ends it: the next change is a new request (a fresh
 * requestId), naming the version shown then.
 */
export class ClaimsRequests {
  private readonly held = new RetainedRequests<SetRouteClaimsInput>();

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The input of setting claims to `claimsAllowed`, having read `shownVersion` (0 until first changed). */
  inputFor(claimsAllowed: boolean, shownVersion: number): SetRouteClaimsInput {
    return this.held.inputFor(KEY, String(claimsAllowed), () => ({
      claimsAllowed,
      expectedVersion: shownVersion,
      requestId: this.newId(),
    }));
  }

  /** The answer to `input`: ended unless `error` is worth retrying (the change may have landed). */
  settled(input: SetRouteClaimsInput, error?: unknown) {
    this.held.settled(KEY, input, error);
  }
}
