import { useEffect, useState } from 'react';
import { PERMISSIONS_SCREEN, useAccess } from '@/lib/access/useAccess';
import { onProhibited, PROHIBITED_MESSAGE } from '@/lib/prohibited';
import { MessageDialog } from './MessageDialog';

/**
 * The one place a permission failure from the server is shown: a dialog with
 * the spec's exact words (3-planning §6), not raw text inside a form. Mounted
 * once by the app provider.
 */
export function ProhibitedDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => onProhibited(() => setOpen(true)), []);
  if (!open) return null;
  return <ProhibitedMessage onClose={() => setOpen(false)} />;
}

/** The open dialog; it alone reads the access, so the closed dialog asks for nothing. */
function ProhibitedMessage({ onClose }: { onClose: () => void }) {
  const { canOpen } = useAccess();
  // The Permissions screen only for a user who may open it: for the others it is one more refusal.
  const grant = canOpen(PERMISSIONS_SCREEN)
    ? 'An administrator can grant permissions on the Permissions screen.'
    : 'Ask an administrator if you need it.';
  return <MessageDialog title="Not allowed" text={PROHIBITED_MESSAGE} items={[grant]} onClose={onClose} />;
}
