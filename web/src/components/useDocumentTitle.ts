import { useEffect } from 'react';

const APP = 'Fleet Console';

/** Names the browser tab (and history entry) after the screen: 'Fridge Software Inventory · Fleet Console'. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${APP}`;
    return () => {
      document.title = APP;
    };
  }, [title]);
}
