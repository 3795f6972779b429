import { Button, Text } from '@aws-amplify/ui-react';
import { Modal } from './Modal';

export interface MessageDialogProps {
  title: string;
  text: string;
  /** Lines under the text (e.g. the rows concerned); no list when empty. */
  items?: string[];
  /** Accessible name of the list. */
  listLabel?: string;
  onClose: () => void;
}

/** A message to read and close, on the kit's Modal; focus starts on Close. */
export function MessageDialog({ title, text, items = [], listLabel, onClose }: MessageDialogProps) {
  return (
    <Modal
      title={title}
      role="alertdialog"
      onCancel={onClose}
      footer={
        <Button data-autofocus onClick={onClose}>
          Close
        </Button>
      }
    >
      <Text>{text}</Text>
      {items.length > 0 ? (
        <ul aria-label={listLabel}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
