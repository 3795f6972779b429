import { useEffect } from 'react';
import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { todayIn } from './dates';

export interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD'; undefined picks today (in `timeZone`) on first render. */
  value: string | undefined;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  /** IANA zone that "today" is read in; the browser's by default. */
  timeZone?: string;
  /** Short zone name shown beside the field, e.g. 'CT'. */
  timeZoneLabel?: string;
  required?: boolean;
  descriptiveText?: string;
  /** Marks the field invalid (aria-invalid); `errorMessage` is then shown under it and read as its description. */
  hasError?: boolean;
  /** The date error to show in place, e.g. 'End Date must be on or after Start Date'. */
  errorMessage?: string;
}

/**
 * A labelled date field defaulting to today, with its time zone named. With `hasError` the field is
 * aria-invalid and `errorMessage` shows under it, tied to it by aria-describedby.
 */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  timeZone,
  timeZoneLabel,
  required,
  descriptiveText,
  hasError = false,
  errorMessage,
}: DatePickerProps) {
  useEffect(() => {
    if (value === undefined) onChange(todayIn(timeZone));
    // Only the first render defaults; later clears are the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Flex alignItems="flex-end" gap="0.5rem">
      <TextField
        label={label}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        isRequired={required}
        descriptiveText={descriptiveText}
        hasError={hasError}
        errorMessage={hasError ? errorMessage : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {timeZoneLabel ? (
        <Text fontSize="small" color="font.secondary" paddingBottom="0.6rem">
          Dates in {timeZoneLabel}
        </Text>
      ) : null}
    </Flex>
  );
}
