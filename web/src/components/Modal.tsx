import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Flex, Heading, View } from '@aws-amplify/ui-react';

export interface ModalProps {
  title: string;
  /** Called on Escape (and by the caller's Close button). */
  onCancel: () => void;
  children: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  /** 'alertdialog' for messages and confirmations. */
  role?: 'dialog' | 'alertdialog';
  width?: string;
}

/**
 * A modal dialog on the native <dialog> element. `showModal()` makes the rest
 * of the page inert and keeps focus inside, and Escape raises `cancel`, so no
 * hand-written focus trap is needed. Focus starts on `[data-autofocus]` (else
 * the browser's first focusable element) and goes back where it was on close.
 * Mount it to open it.
 */
export function Modal({ title, onCancel, children, footer, role = 'dialog', width = '36rem' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; the attribute keeps unit tests meaningful.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      previous?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        // The browser raises `cancel` on Escape; jsdom does not, so handle the key too.
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          cancelRef.current();
        }
      }}
      onCancel={(e) => {
        // Keep the dialog mounted-state in React's hands: the parent unmounts it.
        e.preventDefault();
        cancelRef.current();
      }}
      style={{
        width,
        maxWidth: '95vw',
        maxHeight: '90vh',
        border: '1px solid var(--amplify-colors-border-primary, #ccc)',
        borderRadius: '8px',
        padding: 0,
      }}
    >
      <View padding="1.25rem">
        <Heading level={2} fontSize="xl" id={titleId} marginBottom="1rem">
          {title}
        </Heading>
        {children}
        {footer ? (
          <Flex justifyContent="flex-end" gap="0.5rem" marginTop="1.25rem" wrap="wrap">
            {footer}
          </Flex>
        ) : null}
      </View>
    </dialog>
  );
}
