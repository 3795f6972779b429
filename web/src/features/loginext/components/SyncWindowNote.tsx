import { Text } from '@aws-amplify/ui-react';
import { countdownText, COUNTDOWN_MS, LOGINEXT, WINDOW_NOTE } from '../lib/sync-rules';

/**
 * Beside Sync: the daily window when no sync may start, said all day so that nobody meets it
 * unwarned, counted down in its last minutes, and inside it the spec's message (2-fleet §5).
 * `untilBlock` is useSyncWindow's answer.
 */
export function SyncWindowNote({ id, untilBlock }: { id: string; untilBlock: number }) {
  if (untilBlock === 0)
    return (
      <Text id={id} role="status">
        {LOGINEXT.blockedMessage}
      </Text>
    );
  return (
    <Text id={id} fontSize="small" data-testid="sync-window-note">
      {/* Not a live region: a screen reader would read every second of the countdown. */}
      {untilBlock <= COUNTDOWN_MS ? <strong>{countdownText(untilBlock)} </strong> : null}
      {WINDOW_NOTE}
    </Text>
  );
}
