import { useEffect } from 'react';
import { onCommandChanged, type CommandChange } from '../api/on-command-changed';

/**
 * Follows a fridge's commands live (issue 61): each state change (PENDING, SENT, then DONE, FAILED or EXPIRED)
 * calls `onChange`, which reads them again. A refused or failed subscription changes nothing: the page's own
 * reads every few seconds while a command waits still show its fate.
 */
export function useCommandChanges(locationId: string, onChange: (change: CommandChange) => void): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    try {
      stop = onCommandChanged(locationId, onChange, (error) => {
        console.info('fridge commands: not live', error);
      });
    } catch (error) {
      console.info('fridge commands: not live', error);
    }
    return () => stop?.();
  }, [locationId, onChange]);
}
