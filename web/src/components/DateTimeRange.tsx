import { useEffect, useId } from 'react';
import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { rangeError, todayRange, type DateTimeRangeValue } from './dates';

export interface DateTimeRangeProps {
  legend: string;
  value: DateTimeRangeValue;
  onChange: (value: DateTimeRangeValue) => void;
  /** Short zone name the times are read in, always shown: 'CT'. */
  timeZoneLabel: string;
  /** IANA zone for the default (today); the browser's by default. */
  timeZone?: string;
  /** Marks both fields invalid (aria-invalid), e.g. when the form found the range wrong. */
  hasError?: boolean;
  /** The form's error for this range, shown under the fields and read as their description. */
  errorMessage?: string;
  /** The live order check, for a screen whose rule or words differ (the reports': 'Start time cannot be equal or
   *  greater than end time'); a reversed range by default. */
  orderError?: (value: DateTimeRangeValue) => string | null;
}

/**
 * From/To wall times in one named zone; defaults to today and flags a reversed range. A form can
 * show its own error in place with `hasError` + `errorMessage`: under the fields, which are then
 * aria-invalid and described by it.
 */
export function DateTimeRange({
  legend,
  value,
  onChange,
  timeZoneLabel,
  timeZone,
  hasError = false,
  errorMessage,
  orderError = rangeError,
}: DateTimeRangeProps) {
  const errorId = useId();
  useEffect(() => {
    if (!value.start && !value.end) onChange(todayRange(timeZone));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const reversed = orderError(value);
  // The form's own error (when it gives one) wins over the reversed-range check.
  const error = (hasError ? errorMessage : undefined) ?? reversed;
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{legend}</legend>
      <Flex gap="0.75rem" alignItems="flex-end" wrap="wrap">
        <TextField
          label="From"
          type="datetime-local"
          value={value.start}
          hasError={hasError}
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? describedBy : undefined}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
        />
        <TextField
          label="To"
          type="datetime-local"
          value={value.end}
          hasError={hasError || reversed !== null}
          aria-invalid={hasError || reversed !== null || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ ...value, end: e.target.value })}
        />
        <Text fontSize="small" color="font.secondary" paddingBottom="0.6rem">
          Times in {timeZoneLabel}
        </Text>
      </Flex>
      {error ? (
        <Text id={errorId} role="alert" color="font.error" fontSize="small">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
