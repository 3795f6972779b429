import { Flex, Text, TextField } from '@aws-amplify/ui-react';

export interface DatePickerProps {
  label: string;
  /**
   * 'YYYY-MM-DD'. The owner starts it at today (`todayIn(zone)`) when it wants a default:
   * a default set here after the first render would overwrite what the user typed in between.
   */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
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
 * A labelled date field, with its time zone named. With `hasError` the field is
 * aria-invalid and `errorMessage` shows under it, tied to it by aria-describedby.
 */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  timeZoneLabel,
  required,
  descriptiveText,
  hasError = false,
  errorMessage,
}: DatePickerProps) {
  return (
    <Flex alignItems="flex-end" gap="0.5rem">
      <TextField
        label={label}
        type="date"
        value={value}
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
