import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Flex, Heading, View } from '@aws-amplify/ui-react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * A modal dialog on the native <dialog> element: the rest of the page is
 * inert, Tab cycles inside it, Escape calls onCancel, and focus goes back
 * to where it was when it closes. Mount it to open it.
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
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancelRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
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
        <Heading level={4} id={titleId} marginBottom="1rem">
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
