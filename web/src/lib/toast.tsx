/**
 * Toasts: short messages shown top-centre, below the navigation bar. Durations are clamped to 4000..7000 ms
 * (spec: toast durations range from 4000 to 7000 ms; 6000 ms by default).
 */
import { Alert } from '@aws-amplify/ui-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';

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

/** The shell's sticky navigation bar (features/shell Layout): toasts go below it, not over its menus. */
export const TOAST_HEADER_SELECTOR = '.app-header';
/** The gap between the bar (or the top of the window, without one) and the first toast. */
const TOAST_GAP = '0.75rem';

/**
 * Where the toasts start while `active`: under the bottom of the navigation bar, followed as it
 * changes height (the menus wrap, the narrow panel opens). The top of the window without a bar
 * (the sign-in form). The provider sits above the shell, so it finds the bar in the page.
 */
function useToastTop(active: boolean): string {
  const [barBottom, setBarBottom] = useState(0);
  useLayoutEffect(() => {
    if (!active) return undefined;
    const bar = document.querySelector<HTMLElement>(TOAST_HEADER_SELECTOR);
    if (!bar) {
      setBarBottom(0);
      return undefined;
    }
    const place = () => setBarBottom(Math.max(0, Math.round(bar.getBoundingClientRect().bottom)));
    place();
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [active]);
  return barBottom > 0 ? `calc(${barBottom}px + ${TOAST_GAP})` : TOAST_GAP;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const top = useToastTop(items.length > 0);
  const regionStyle: CSSProperties = { top };
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
      <div className="toast-region" aria-live="polite" style={regionStyle}>
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
