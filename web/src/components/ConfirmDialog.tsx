import type { ReactNode } from 'react';
import { Button, Text } from '@aws-amplify/ui-react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  /** The question, e.g. 'Are you sure want to delete this item?' */
  title: string;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** 'destructive' for deletes; the safe answer gets the focus either way. */
  tone?: 'primary' | 'destructive';
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question on the kit's Modal; focus starts on the safe answer. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busyLabel = 'Working…',
  busy = false,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      role="alertdialog"
      onCancel={() => (busy ? undefined : onCancel())}
      width="28rem"
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variation={tone} onClick={onConfirm} isLoading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </Modal>
  );
}
