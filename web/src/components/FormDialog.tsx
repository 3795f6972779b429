import type { ReactNode, RefObject } from 'react';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { Modal } from './Modal';

export interface FormDialogProps {
  title: string;
  /** The primary button's word ('Save') and its word while the call is on its way ('Saving…'). */
  submitLabel: string;
  submittingLabel: string;
  /** The call is on its way: the buttons and Escape wait for it. */
  busy: boolean;
  /** Why the form cannot be sent yet (the primary button is disabled), or null. */
  problem: string | null;
  /** The server's refusal, in its words, shown under the fields. */
  error: string | null;
  onCancel: () => void;
  /** Called by the primary button and by Enter in a field, unless there is a problem or a call on its way. */
  onSubmit: () => void;
  children: ReactNode;
  width?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal form that sends one call: its fields, Cancel and the primary button, and the call's refusal shown in the
 * dialog (the caller's mutation carries SHOWS_OWN_ERRORS). The caller keeps its fields and the call itself.
 */
export function FormDialog({
  title,
  submitLabel,
  submittingLabel,
  busy,
  problem,
  error,
  onCancel,
  onSubmit,
  children,
  width = '32rem',
  returnFocus,
}: FormDialogProps) {
  const submit = () => {
    if (problem === null && !busy) onSubmit();
  };
  return (
    <Modal
      title={title}
      onCancel={() => (busy ? undefined : onCancel())}
      width={width}
      returnFocus={returnFocus}
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy}>
            Cancel
          </Button>
          <Button
            variation="primary"
            isDisabled={problem !== null}
            isLoading={busy}
            loadingText={submittingLabel}
            onClick={submit}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Flex direction="column" gap="1rem">
          {children}
          {error ? (
            <Alert variation="error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Flex>
      </form>
    </Modal>
  );
}
