import { awsJson } from '@/lib/api';
import type { CreateDriverActionInput } from '@/generated/gql/graphql';
import type { DropOverride } from './drop-rules';

/**
 * What Confirm Override sends for each row, kept until it lands: a retry after a lost answer
 * resends exactly the first try (its requestId and its occurredAt), so the server answers the
 * first result instead of refusing other content under the same id (409). A row whose override
 * changes (another status or reason) gets a new request.
 */
export class OverrideRequests {
  private readonly byRow = new Map<string, { override: string; input: CreateDriverActionInput }>();

  constructor(
    private readonly newId: () => string = () => crypto.randomUUID(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The input for a row's override: the one sent before while the override is the same, else a new one. */
  inputFor(rowId: string, override: DropOverride): CreateDriverActionInput {
    const same = JSON.stringify(override);
    const held = this.byRow.get(rowId);
    if (held && held.override === same) return held.input;
    const { locationId, ...data } = override;
    const input: CreateDriverActionInput = {
      eventType: 'DropOverride',
      locationId,
      data: awsJson(data),
      requestId: this.newId(),
      occurredAt: this.now().toISOString(),
    };
    this.byRow.set(rowId, { override: same, input });
    return input;
  }

  /** The row's override landed, or was reverted: its next override is a new request. */
  forget(rowId: string) {
    this.byRow.delete(rowId);
  }
}
