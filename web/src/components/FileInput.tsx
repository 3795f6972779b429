import { forwardRef, useId } from 'react';
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
 * (change its `key`), or reset its value through the ref: a file input's
 * value cannot be set by React. The ref also lets a screen open the picker
 * from a button of its own ('Choose another file').
 */
export const FileInput = forwardRef<HTMLInputElement, FileInputProps>(function FileInput(
  { label, accept, onFile, disabled },
  ref,
) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>
        <Text as="span" fontWeight="bold">
          {label}
        </Text>
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </>
  );
});
