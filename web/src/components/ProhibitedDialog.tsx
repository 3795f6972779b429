import { useEffect, useState } from 'react';
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
  return (
    <MessageDialog
      title="Not allowed"
      text={PROHIBITED_MESSAGE}
      items={['An administrator can grant permissions on the Permissions screen.']}
      onClose={() => setOpen(false)}
    />
  );
}
