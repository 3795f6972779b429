import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { MESSAGES } from '../lib/constants';
import type { FieldDef } from '../lib/detail-fields';
import type { ScheduleItem } from '../lib/schedule';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { GuardAll } from './GuardAll';

/** What replacing a scheduled change calls: the new one is stored, then the old one deleted. */
export const REPLACE_CALLS = ['createScheduleChange', 'deleteScheduleChange'] as const;

/** 'Could not apply: <reason>' for a change the scheduler moved aside. */
export const failedText = (item: ScheduleItem) =>
  item.failureReason ? `Could not apply: ${item.failureReason}` : 'Could not apply';

/** The allocation deadline warning of a change, beside it (role note, class deadline-warning). */
export function DeadlineWarning({ text }: { text: string }) {
  return (
    <Badge variation="warning" size="small" className="deadline-warning" role="note" whiteSpace="normal">
      ⚠ {text}
    </Badge>
  );
}

/**
 * 'Scheduled Changes:' with one button per pending change (times in fridge
 * time), then the failed ones, which can only be deleted; or 'No Scheduled Changes'.
 */
export function ScheduledChangesList({
  def,
  items,
  onPick,
  onDeleteFailed,
}: {
  def: FieldDef;
  items: ScheduleItem[];
  onPick: (item: ScheduleItem) => void;
  onDeleteFailed: (item: ScheduleItem) => void;
}) {
  if (items.length === 0) {
    return (
      <Text fontSize="small" color="font.tertiary">
        {MESSAGES.noScheduledChanges}
      </Text>
    );
  }
  const pending = items.filter((i) => i.status !== 'FAILED');
  const failed = items.filter((i) => i.status === 'FAILED');
  return (
    <Flex direction="column" gap="0.125rem" alignItems="flex-start">
      <Text fontSize="small" fontWeight="bold">
        {MESSAGES.scheduledChanges}
      </Text>
      {pending.map((item) => (
        <Flex key={item.key} className="scheduled-change" alignItems="center" gap="0.5rem" wrap="wrap">
          <Button
            size="small"
            variation="link"
            padding="0.125rem 0.25rem"
            onClick={() => onPick(item)}
            aria-label={`Scheduled change of ${def.label} at ${item.when} to ${item.display}`}
          >
            {item.when}: {item.display}
          </Button>
          {item.deadlineWarning ? <DeadlineWarning text={item.deadlineWarning} /> : null}
        </Flex>
      ))}
      {failed.map((item) => (
        <Flex
          key={item.key}
          className="scheduled-change scheduled-change--failed"
          role="group"
          aria-label={`Failed change of ${def.label} at ${item.when}`}
          alignItems="center"
          gap="0.5rem"
          wrap="wrap"
          padding="0.125rem 0.25rem"
        >
          <Text fontSize="small" textDecoration="line-through" color="font.tertiary">
            {item.when}: {item.display}
          </Text>
          <Badge variation="error" size="small" whiteSpace="normal">
            {failedText(item)}
          </Badge>
          <Guard call="deleteScheduleChange">
            {(refused) => (
              <Button
                size="small"
                variation="destructive"
                onClick={() => onDeleteFailed(item)}
                isDisabled={refused}
                aria-label={`Delete failed change of ${def.label} at ${item.when}`}
              >
                Delete
              </Button>
            )}
          </Guard>
        </Flex>
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
          <Guard call="deleteScheduleChange">
            {(refused) => (
              <Button variation="destructive" onClick={onDelete} isDisabled={refused || busy}>
                Delete
              </Button>
            )}
          </Guard>
          {def.kind === 'search' ? (
            <GuardAll calls={REPLACE_CALLS}>
              {(refused) => (
                <Button onClick={onEdit} isDisabled={refused || busy}>
                  Edit
                </Button>
              )}
            </GuardAll>
          ) : null}
          <GuardAll calls={REPLACE_CALLS}>
            {(refused) => (
              <Button
                variation="primary"
                onClick={onCompleteNow}
                isDisabled={refused}
                isLoading={busy}
                loadingText="Completing…"
              >
                Complete Now
              </Button>
            )}
          </GuardAll>
        </>
      }
    >
      <Flex direction="column" gap="0.5rem" alignItems="flex-start">
        <Text>
          {def.label}: {item.display} at {item.when}
        </Text>
        {item.deadlineWarning ? <DeadlineWarning text={item.deadlineWarning} /> : null}
      </Flex>
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
    <ConfirmDialog
      title={MESSAGES.confirmDelete}
      tone="destructive"
      busy={busy}
      busyLabel="Deleting…"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      The scheduled change will not be applied.
    </ConfirmDialog>
  );
}
