import { useState } from 'react';
import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { reasonsFor, type DropStatus, type Edit } from '../lib/drop-rules';

export interface BulkUpdateDialogProps {
  /** How many rows are checked. */
  count: number;
  onApply: (edit: Edit) => void;
  onCancel: () => void;
}

/** Bulk Update (2-fleet §2.5): one status and one §5 reason for every checked row. */
export function BulkUpdateDialog({ count, onApply, onCancel }: BulkUpdateDialogProps) {
  const [status, setStatus] = useState<DropStatus>('Complete');
  const [reason, setReason] = useState('');
  const reasons = reasonsFor(status);
  return (
    <Modal
      title="Bulk Update"
      onCancel={onCancel}
      width="30rem"
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variation="primary" isDisabled={!reason} onClick={() => onApply({ status, reason })}>
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
          label="Drop Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DropStatus);
            setReason('');
          }}
        >
          <option value="Complete">Complete</option>
          <option value="Not Delivering">Not Delivering</option>
        </SelectField>
        <SelectField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
          <option value="">Choose a reason</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        {status === 'Complete' ? (
          <Text fontSize="small" color="font.secondary">
            Fridge locations cannot be set to Complete; checked fridges keep their status.
          </Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
