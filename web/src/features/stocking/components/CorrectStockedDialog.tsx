import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Radio, RadioGroupField, Text, TextField } from '@aws-amplify/ui-react';
import { FormDialog } from '@/components/FormDialog';
import { errorMessage } from '@/lib/api';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { centralTime } from '@/lib/central-time';
import { correctLocationStocked } from '../api/correct-location-stocked';
import type { DashboardStop } from '../lib/dashboard-types';
import { centralClock } from '../lib/dashboard';
import {
  MAX_REASON_CHARS,
  centralWall,
  correctionProblem,
  retimeProblem,
  stockingDayWalls,
  type StockedChange,
  type StockedCorrections,
} from '../lib/stocked-correction';

export const CORRECT_FAILURE = 'The stocked record could not be corrected.';
/** How often 'now' moves on while the dialog is open (a time typed as future may become past). */
const CLOCK_MS = 30_000;

export interface CorrectStockedDialogProps {
  /** The stocking day (the dashboard's Drop Off Date). */
  day: string;
  /** The row; its stockedActionId is the LocationStocked corrected. */
  stop: DashboardStop & { stockedActionId: string };
  /** The page's kept requests: a retried Save resends the first try's requestId. */
  requests: StockedCorrections;
  onCancel: () => void;
  onCorrected: (result: Awaited<ReturnType<typeof correctLocationStocked>>) => void;
}

/**
 * A supervisor's correction of a stop's stocked record (SuperviseStocking): Void (it was not
 * stocked then) or Re-time (it was, at another time of the same stocking day, typed in Central),
 * with the reason the stop's stocked history keeps. A refusal shows the server's words here.
 */
export function CorrectStockedDialog({ day, stop, requests, onCancel, onCorrected }: CorrectStockedDialogProps) {
  const [change, setChange] = useState<StockedChange>('VOID');
  const [wall, setWall] = useState(() => centralWall(stop.stockedAt));
  const [reason, setReason] = useState('');
  // Every refusal, a permission one included, is shown in the dialog in the server's words.
  const correction = useMutation({ mutationFn: correctLocationStocked, meta: SHOWS_OWN_ERRORS });
  const busy = correction.isPending;
  const [error, setError] = useState<string | null>(null);
  // The clock a re-time is checked against: read again as the time is typed, and every CLOCK_MS.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const asked = { change, wall, reason };
  // The stop's scan, when the row has it: a re-time before it is refused (by the server too).
  const bounds = { day, now, scannedAt: stop.scannedAt };
  // Save stays disabled while the field shows a problem: both come from the same checks.
  const problem = correctionProblem(asked, bounds);
  const walls = stockingDayWalls(day);
  // Shown as soon as it is typed (not only on Save): no such time, outside the day, future, before the scan.
  const timeError = (change === 'RETIME' && retimeProblem(wall, bounds)) || undefined;

  async function submit() {
    setError(null);
    const input = requests.inputFor(day, stop, asked);
    try {
      const result = await correction.mutateAsync(input);
      requests.settled(input);
      onCorrected(result);
    } catch (e) {
      requests.settled(input, e);
      setError(errorMessage(e, CORRECT_FAILURE));
    }
  }

  return (
    <FormDialog
      title={`Correct stocked record of ${stop.locationId}`}
      submitLabel="Save"
      submittingLabel="Saving…"
      busy={busy}
      problem={problem}
      error={error}
      onCancel={onCancel}
      onSubmit={() => void submit()}
    >
      <Text>
        Stop {stop.stop} on route {stop.routeName}, stocking day {day}: stocked at {centralTime(stop.stockedAt)} CT
        {stop.driver ? ` by ${stop.driver}` : ''}.
      </Text>
      <RadioGroupField
        legend="Correction"
        name="stocked-correction"
        direction="row"
        value={change}
        onChange={(e) => {
          setChange(e.target.value as StockedChange);
          setError(null);
        }}
        isDisabled={busy}
      >
        <Radio value="VOID">Void</Radio>
        <Radio value="RETIME">Re-time</Radio>
      </RadioGroupField>
      {change === 'RETIME' ? (
        <TextField
          label="Stocked at (CT)"
          descriptiveText={
            `Central time, from ${walls.min.replace('T', ' ')} to ${walls.max.replace('T', ' ')}, not in the future` +
            (stop.scannedAt ? ` nor before the scan at ${centralClock(stop.scannedAt)}.` : '.')
          }
          type="datetime-local"
          isRequired
          hasError={timeError !== undefined}
          errorMessage={timeError}
          min={walls.min}
          max={walls.max}
          value={wall}
          onChange={(e) => {
            setWall(e.target.value);
            setNow(Date.now());
            setError(null);
          }}
          isDisabled={busy}
        />
      ) : (
        <Text fontSize="small" color="font.secondary">
          Void: the stop was not stocked then. Its stocked time becomes the next stocked record, if any.
        </Text>
      )}
      <TextField
        label="Reason"
        isRequired
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        maxLength={MAX_REASON_CHARS}
        descriptiveText={`Kept in the stop's stocked history (at most ${MAX_REASON_CHARS} characters).`}
        isDisabled={busy}
        data-autofocus
      />
    </FormDialog>
  );
}
