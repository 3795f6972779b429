import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Text, TextField } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { errorMessage } from '@/lib/api';
import type { DropOffRow } from '../api/drop-off-summary';
import { revertDropOverride } from '../api/revert-drop-override';

/** A supervisor's revert of a locked row to Pending, with the reason the history keeps. */
export function RevertDropDialog({
  date,
  row,
  onCancel,
  onReverted,
}: {
  date: string;
  row: DropOffRow;
  onCancel: () => void;
  onReverted: () => void;
}) {
  const [reason, setReason] = useState('');
  const reverting = useMutation({
    mutationFn: () => revertDropOverride(date, row.packingSlipId, reason.trim()),
    onSuccess: onReverted,
  });
  // Stays busy once reverted: the dialog closes.
  const busy = reverting.isPending || reverting.isSuccess;
  const error = reverting.isError ? errorMessage(reverting.error, 'The drop status could not be reverted.') : null;

  return (
    <Modal
      title="Revert drop status"
      onCancel={() => (busy ? undefined : onCancel())}
      width="30rem"
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            variation="primary"
            isDisabled={!reason.trim()}
            isLoading={busy}
            loadingText="Reverting…"
            onClick={() => reverting.mutate()}
          >
            Revert to Pending
          </Button>
        </>
      }
    >
      <Text>
        Revert {row.packingSlipId} ({row.dropStatus}
        {row.statusReason ? `, ${row.statusReason}` : ''}
        {row.createdBy ? ` by ${row.createdBy}` : ''}) to Pending? The row can then be overridden again.
      </Text>
      <TextField
        label="Reason"
        isRequired
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
        descriptiveText="Kept in the slip's history."
      />
      {error ? (
        <Alert variation="error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
