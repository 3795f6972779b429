import { RetainedRequests } from '@/lib/retained-requests';
import type { AssignRouteDriverInput } from '@/generated/gql/graphql';

/** The e-mail a change names, as the server compares it; empty clears the route. */
export const normalEmail = (raw: string) => raw.trim().toLowerCase();

/**
 * What Save sends for each route, kept until it is answered for good: a retry of the same change
 * (the same route and e-mail) after a lost answer or a server failure resends exactly the first
 * try — its requestId and the version it read — so the server answers the change that may have
 * landed instead of refusing it as stale. A change to another e-mail is a new request, naming the
 * version shown then.
 */
export class DriverRequests {
  private readonly held = new RetainedRequests<AssignRouteDriverInput>();

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The input of setting `route`'s driver on `stockingDate` to `email` (empty clears it); `shownVersion` 0 when none. */
  inputFor(stockingDate: string, route: string, email: string, shownVersion: number): AssignRouteDriverInput {
    const wanted = normalEmail(email);
    return this.held.inputFor(JSON.stringify([stockingDate, route]), wanted, () => ({
      stockingDate,
      route,
      driverEmail: wanted === '' ? null : email.trim(),
      expectedVersion: shownVersion,
      requestId: this.newId(),
    }));
  }

  /**
   * The answer to `input`. A success or a refusal (stale version, unknown e-mail, no permission)
   * ends the request: the next Save is a new change. A network or server failure keeps it, since
   * the change may have landed, and the retry must be the same request.
   */
  settled(input: AssignRouteDriverInput, error?: unknown) {
    this.held.settled(JSON.stringify([input.stockingDate, input.route]), input, error);
  }
}
