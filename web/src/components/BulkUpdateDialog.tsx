import { useState, type ReactNode } from 'react';
import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { Modal } from './Modal';

/** A status chosen for a row of an editable list, with its reason ('' when the status takes none). */
export interface StatusEdit<S extends string = string> {
  status: S;
  reason: string;
}

/** The fields of a list's Bulk Update: a status, and a reason when the status takes one. */
export interface BulkUpdateFields<S extends string> {
  /** Label of the status field ('Drop Status'). */
  statusLabel: string;
  /** The statuses offered; the first is chosen at first. */
  statuses: readonly S[];
  /** The reasons a status takes: none, and the Reason field is disabled. */
  reasonsFor: (status: S) => readonly string[];
  /** The Reason field's hint for a status. */
  reasonHint?: (status: S) => string | undefined;
  /** A note under the fields for a status. */
  note?: (status: S) => ReactNode;
}

export interface BulkUpdateDialogProps<S extends string> extends BulkUpdateFields<S> {
  /** How many rows are checked. */
  count: number;
  onApply: (edit: StatusEdit<S>) => void;
  onCancel: () => void;
}

/** Bulk Update (2-fleet §2.5, §2.6): one status, and its reason, for every checked row. */
export function BulkUpdateDialog<S extends string>({
  count,
  statusLabel,
  statuses,
  reasonsFor,
  reasonHint,
  note,
  onApply,
  onCancel,
}: BulkUpdateDialogProps<S>) {
  const [status, setStatus] = useState<S>(statuses[0]);
  const [reason, setReason] = useState('');
  const reasons = reasonsFor(status);
  const takesReason = reasons.length > 0;
  const noted = note?.(status);
  return (
    <Modal
      title="Bulk Update"
      onCancel={onCancel}
      width="30rem"
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button
            variation="primary"
            isDisabled={takesReason && !reason}
            onClick={() => onApply({ status, reason: takesReason ? reason : '' })}
          >
            Apply
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="0.75rem">
        <Text>
          {count} row{count === 1 ? '' : 's'} checked.
        </Text>
        <SelectField
          label={statusLabel}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as S);
            setReason('');
          }}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Reason"
          value={reason}
          isDisabled={!takesReason}
          descriptiveText={reasonHint?.(status)}
          onChange={(e) => setReason(e.target.value)}
        >
          <option value="">{takesReason ? 'Choose a reason' : '-'}</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        {noted ? (
          <Text fontSize="small" color="font.secondary">
            {noted}
          </Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
