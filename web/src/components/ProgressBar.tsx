import { Flex, Text } from '@aws-amplify/ui-react';

export interface ProgressBarProps {
  label: string;
  value: number;
  max: number;
  /** Counted thing shown after the figures: '3 of 10 batches'. */
  unit?: string;
}

/** Progress of long work (batches of an upload, steps of a load): an accessible bar with figures. */
export function ProgressBar({ label, value, max, unit }: ProgressBarProps) {
  const done = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? Math.round((done / max) * 100) : 0;
  return (
    <Flex direction="column" gap="0.25rem">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
        aria-valuetext={`${percent}%`}
        style={{
          height: '0.6rem',
          borderRadius: '0.3rem',
          background: 'var(--amplify-colors-background-tertiary, #e0e0e0)',
          overflow: 'hidden',
        }}
      >
        <div
          style={{
            width: `${percent}%`,
            height: '100%',
            background: 'var(--amplify-colors-brand-primary-80, #047d95)',
            transition: 'width 200ms ease-out',
          }}
        />
      </div>
      <Text fontSize="small" color="font.secondary">
        {label}: {done} of {max}
        {unit ? ` ${unit}` : ''} ({percent}%)
      </Text>
    </Flex>
  );
}
