import { useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await revertDropOverride(date, row.packingSlipId, reason.trim());
      onReverted();
    } catch (e) {
      setError(errorMessage(e, 'The drop status could not be reverted.'));
      setBusy(false);
    }
  }

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
            onClick={() => void submit()}
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
