import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { MESSAGES } from '../lib/constants';
import type { FieldDef } from '../lib/detail-fields';
import { formatActionTime, type ScheduleItem } from '../lib/schedule';
import { Modal } from './Modal';

/** 'Scheduled Changes:' with one button per change, or 'No Scheduled Changes'. */
export function ScheduledChangesList({
  def,
  items,
  onPick,
}: {
  def: FieldDef;
  items: ScheduleItem[];
  onPick: (item: ScheduleItem) => void;
}) {
  if (items.length === 0) {
    return (
      <Text fontSize="small" color="font.tertiary">
        {MESSAGES.noScheduledChanges}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="0.125rem" alignItems="flex-start">
      <Text fontSize="small" fontWeight="bold">
        {MESSAGES.scheduledChanges}
      </Text>
      {items.map((item) => (
        <Button
          key={item.key}
          size="small"
          variation="link"
          padding="0.125rem 0.25rem"
          onClick={() => onPick(item)}
          aria-label={`Scheduled change of ${def.label} at ${formatActionTime(item.actionTime)} to ${item.display}`}
        >
          {formatActionTime(item.actionTime)}: {item.display}
        </Button>
      ))}
    </Flex>
  );
}

/** 'How would you like to proceed?': Delete, Edit (search fields only), Complete Now. */
export function ScheduleActionDialog({
  def,
  item,
  busy,
  onDelete,
  onEdit,
  onCompleteNow,
  onCancel,
}: {
  def: FieldDef;
  item: ScheduleItem;
  busy: boolean;
  onDelete: () => void;
  onEdit: () => void;
  onCompleteNow: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={MESSAGES.proceed}
      role="alertdialog"
      onCancel={onCancel}
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy}>
            Cancel
          </Button>
          <Button variation="destructive" onClick={onDelete} isDisabled={busy}>
            Delete
          </Button>
          {def.kind === 'search' ? (
            <Button onClick={onEdit} isDisabled={busy}>
              Edit
            </Button>
          ) : null}
          <Button variation="primary" onClick={onCompleteNow} isLoading={busy} loadingText="Completing…">
            Complete Now
          </Button>
        </>
      }
    >
      <Text>
        {def.label}: {item.display} at {formatActionTime(item.actionTime)}
      </Text>
    </Modal>
  );
}

/** 'Are you sure want to delete this item?' */
export function ConfirmDeleteDialog({
  busy,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={MESSAGES.confirmDelete}
      role="alertdialog"
      onCancel={onCancel}
      width="28rem"
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy} data-autofocus>
            No
          </Button>
          <Button variation="destructive" onClick={onConfirm} isLoading={busy} loadingText="Deleting…">
            Yes
          </Button>
        </>
      }
    >
      <Text>The scheduled change will not be applied.</Text>
    </Modal>
  );
}
