import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
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
  /**
   * Where the focus goes back on close, instead of the element focused when the dialog opened. For a
   * dialog opened by the answer to a button's request: the button, disabled while it waited, had lost
   * the focus to the page by then.
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Elements that Tab can reach, in the order the browser visits them (positive tabindex aside). */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** The elements inside `root` that Tab stops on: visible, enabled, not tabindex=-1, one per radio group. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const radioGroups = new Set<string>();
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => {
    if (el.tabIndex < 0 || el.closest('[hidden],[inert]')) return false;
    if ((el as HTMLButtonElement).disabled) return false;
    // jsdom lays nothing out, so only the browser's own check (where it exists) rules out hidden elements.
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const key = el.name;
      const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter(
        (r) => r.name === key && !r.disabled,
      );
      const stop = group.find((r) => r.checked) ?? group[0];
      if (stop !== el || radioGroups.has(key)) return false;
      radioGroups.add(key);
    }
    return true;
  });
}

/**
 * A modal dialog on the native <dialog> element. `showModal()` makes the rest of the page inert;
 * on top of that the dialog keeps Tab and Shift+Tab cycling inside itself (the browser would
 * otherwise move on to its own address bar), closes on Escape, and gives focus back to the
 * element that opened it (or to `returnFocus`). Focus starts on `[data-autofocus]`, else on the first element Tab
 * reaches, else on the dialog itself. Mount it to open it.
 */
export function Modal({
  title,
  onCancel,
  children,
  footer,
  role = 'dialog',
  width = '36rem',
  returnFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const returnRef = useRef(returnFocus);
  returnRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the attribute keeps unit tests meaningful.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(dialog)[0] ?? dialog;
    first.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      const back = returnRef.current?.current ?? previous;
      // The opener may be gone (a menu item, a row that was deleted): then the browser decides.
      if (back && back !== document.body && back.isConnected) back.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(e) => {
        const dialog = ref.current;
        // A dialog opened from inside this one handles its own keys.
        if (!dialog || (e.target instanceof Element && e.target.closest('dialog') !== dialog)) return;
        // The browser raises `cancel` on Escape; jsdom does not, so handle the key too.
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          cancelRef.current();
          return;
        }
        if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
        const stops = tabbables(dialog);
        if (stops.length === 0) {
          e.preventDefault();
          dialog.focus();
          return;
        }
        const at = stops.indexOf(document.activeElement as HTMLElement);
        const firstStop = stops[0];
        const lastStop = stops[stops.length - 1];
        if (e.shiftKey && (at <= 0 || document.activeElement === dialog)) {
          e.preventDefault();
          lastStop.focus();
        } else if (!e.shiftKey && (at === stops.length - 1 || at === -1)) {
          e.preventDefault();
          firstStop.focus();
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
