import { awsJson } from '@/lib/api';
import { RetainedRequests } from '@/lib/retained-requests';
import type { CreateDriverActionInput } from '@/generated/gql/graphql';
import type { DropOverride } from './drop-rules';

/**
 * What Confirm Override sends for each row, kept until it lands: a retry after a lost answer
 * resends exactly the first try (its requestId and its occurredAt), so the server answers the
 * first result instead of refusing other content under the same id (409). A row whose override
 * changes (another status or reason) gets a new request.
 */
export class OverrideRequests {
  private readonly held = new RetainedRequests<CreateDriverActionInput>();

  constructor(
    private readonly newId: () => string = () => crypto.randomUUID(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The input for a row's override: the one sent before while the override is the same, else a new one. */
  inputFor(rowId: string, override: DropOverride): CreateDriverActionInput {
    return this.held.inputFor(rowId, JSON.stringify(override), () => {
      const { locationId, ...data } = override;
      return {
        eventType: 'DropOverride',
        locationId,
        data: awsJson(data),
        requestId: this.newId(),
        occurredAt: this.now().toISOString(),
      };
    });
  }

  /** The row's override landed, or was reverted: its next override is a new request. */
  forget(rowId: string) {
    this.held.forget(rowId);
  }
}
