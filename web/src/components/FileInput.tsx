import { useId } from 'react';
import { Text } from '@aws-amplify/ui-react';

export interface FileInputProps {
  /** The visible label, also the input's accessible name. */
  label: string;
  /** The file types offered by the picker, e.g. '.csv,text/csv'. */
  accept: string;
  /** The chosen file, or null when the choice is cleared. */
  onFile: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * A labelled native file picker. To clear it after an upload, remount it
 * (change its `key`): a file input's value cannot be set by React.
 */
export function FileInput({ label, accept, onFile, disabled }: FileInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>
        <Text as="span" fontWeight="bold">
          {label}
        </Text>
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </>
  );
}
