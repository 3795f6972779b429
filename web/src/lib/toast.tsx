/**
 * Toasts: short messages shown top-centre. Durations are clamped to 4000..7000 ms
 * (spec: toast durations range from 4000 to 7000 ms; 6000 ms by default).
 */
import { Alert } from '@aws-amplify/ui-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export const TOAST_DEFAULT_MS = 6000;
export const TOAST_MIN_MS = 4000;
export const TOAST_MAX_MS = 7000;

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  durationMs?: number;
  /** A second line under the message (e.g. 'This command should be processed within 5 minutes.'). */
  detail?: string;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  detail?: string;
  durationMs: number;
}

export interface ToastApi {
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

/** The duration a toast is shown for: the default when not given, clamped to 4000..7000 ms. */
export function clampToastDuration(ms?: number): number {
  if (ms === undefined || !Number.isFinite(ms)) return TOAST_DEFAULT_MS;
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_MIN_MS, ms));
}

const ToastContext = createContext<ToastApi | null>(null);

const VARIATION: Record<ToastKind, 'success' | 'error' | 'info'> = { success: 'success', error: 'error', info: 'info' };

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const t = setTimeout(() => onDismiss(item.id), item.durationMs);
    return () => clearTimeout(t);
  }, [item.id, item.durationMs, onDismiss]);
  return (
    <Alert
      className="toast"
      variation={VARIATION[item.kind]}
      isDismissible
      onDismiss={() => onDismiss(item.id)}
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      {item.detail ? (
        <>
          <div>{item.message}</div>
          <div>{item.detail}</div>
        </>
      ) : (
        item.message
      )}
    </Alert>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const push = (kind: ToastKind) => (message: string, options?: ToastOptions) => {
      const id = nextId.current++;
      setItems((list) => [
        ...list,
        { id, kind, message, detail: options?.detail, durationMs: clampToastDuration(options?.durationMs) },
      ]);
      return id;
    };
    return { success: push('success'), error: push('error'), info: push('info'), dismiss };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
