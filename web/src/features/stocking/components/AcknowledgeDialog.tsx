import { useState, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { FormDialog } from '@/components/FormDialog';
import { errorMessage } from '@/lib/api';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { acknowledgeAttention, type AttentionAcknowledgement } from '../api/acknowledge-attention';
import { itemPlace, type AttentionItem } from '../lib/attention';
import { NOTE_MAX_CHARS, ackLabel, ackProblem, endsByAcknowledgement, type AttentionAcks } from '../lib/attention-ack';
import { sinceText } from '../lib/since-text';

export const ACK_FAILURE = 'The item could not be acknowledged.';

export interface AcknowledgeDialogProps {
  /** The stocking day (the dashboard's Drop Off Date). */
  day: string;
  item: AttentionItem;
  /** The page's kept requests: a retried Acknowledge resends the first try's requestId. */
  requests: AttentionAcks;
  onCancel: () => void;
  onAcknowledged: (result: AttentionAcknowledgement) => void;
  /** Refused: the item may have been taken meanwhile (409), so the panel may be behind. */
  onRefused?: (error: unknown) => void;
  /** Where the focus goes when the dialog closes (the opener by default). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** The page's clock: an item raised on an earlier day (Central) says its date, as on the panel. */
  now?: number;
}

/**
 * An operator takes on a Needs-attention item (AcknowledgeAttention) with a note, which the panel then shows
 * to everyone with who took it and when. A refusal (someone took it first, a blank note) shows the server's
 * words here.
 */
export function AcknowledgeDialog({
  day,
  item,
  requests,
  onCancel,
  onAcknowledged,
  onRefused,
  returnFocus,
  now = Date.now(),
}: AcknowledgeDialogProps) {
  const [note, setNote] = useState('');
  // Every refusal, a permission one included, is shown in the dialog in the server's words.
  const ack = useMutation({ mutationFn: acknowledgeAttention, meta: SHOWS_OWN_ERRORS });
  const busy = ack.isPending;
  const [error, setError] = useState<string | null>(null);
  const problem = ackProblem(note);

  async function submit() {
    setError(null);
    const input = requests.inputFor(day, item.key, note);
    try {
      const result = await ack.mutateAsync(input);
      requests.settled(input);
      onAcknowledged(result);
    } catch (e) {
      requests.settled(input, e);
      setError(errorMessage(e, ACK_FAILURE));
      onRefused?.(e);
    }
  }

  return (
    <FormDialog
      title={ackLabel(item)}
      submitLabel="Acknowledge"
      submittingLabel="Acknowledging…"
      busy={busy}
      problem={problem}
      error={error}
      onCancel={onCancel}
      onSubmit={() => void submit()}
      returnFocus={returnFocus}
    >
      <Flex direction="column" gap="0.25rem">
        <Text fontWeight="600">
          {item.kindLabel}: {itemPlace(item)}
          {item.locationId ? ` · ${item.locationId}` : ''}, since {sinceText(item, now)} CT, stocking day {day}
        </Text>
        <Text>{item.facts}</Text>
        <Text fontSize="small" color="font.secondary">
          {endsByAcknowledgement(item.kind)
            ? 'Acknowledging ends this item: it moves to Resolved today.'
            : 'The item stays open until what raised it ends; the panel shows who took it.'}
        </Text>
      </Flex>
      <TextField
        label="Note"
        isRequired
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
        maxLength={NOTE_MAX_CHARS}
        descriptiveText={`What you are doing about it; shown on the panel to everyone (at most ${NOTE_MAX_CHARS} characters).`}
        isDisabled={busy}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}
