import { useState } from 'react';
import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { JIT_REASONS, SETTABLE_STATUSES, type JitEdit, type JitStatus } from '../lib/jit-rules';

export interface JitBulkUpdateDialogProps {
  /** How many rows are checked. */
  count: number;
  onApply: (edit: JitEdit) => void;
  onCancel: () => void;
}

/** Bulk Update (2-fleet §2.6): one JIT status, and for Off one §5 reason, for every checked row. */
export function JitBulkUpdateDialog({ count, onApply, onCancel }: JitBulkUpdateDialogProps) {
  const [status, setStatus] = useState<JitStatus>('Off');
  const [reason, setReason] = useState('');
  const ready = status === 'On' || reason !== '';
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
            isDisabled={!ready}
            onClick={() => onApply({ status, reason: status === 'Off' ? reason : '' })}
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
          label="JIT Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as JitStatus);
            setReason('');
          }}
        >
          {SETTABLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Reason"
          value={reason}
          isDisabled={status !== 'Off'}
          descriptiveText={status === 'Off' ? undefined : 'Only turning JIT off takes a reason.'}
          onChange={(e) => setReason(e.target.value)}
        >
          <option value="">{status === 'Off' ? 'Choose a reason' : '-'}</option>
          {status === 'Off'
            ? JIT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))
            : null}
        </SelectField>
      </Flex>
    </Modal>
  );
}
