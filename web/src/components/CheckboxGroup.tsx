import { useId } from 'react';
import { CheckboxField, Flex } from '@aws-amplify/ui-react';

export interface CheckboxGroupProps {
  /** The group's name, shown as its legend (the fieldset's accessible name). */
  legend: string;
  options: readonly string[];
  /** The chosen options. */
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/**
 * A multi-select of a few options: a fieldset of checkboxes named by its legend. The chosen
 * options keep the order of `options`.
 */
export function CheckboxGroup({ legend, options, value, onChange }: CheckboxGroupProps) {
  const name = useId();
  const chosen = new Set(value);
  const toggle = (option: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(option);
    else next.delete(option);
    onChange(options.filter((o) => next.has(o)));
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{legend}</legend>
      <Flex gap="0.75rem" wrap="wrap">
        {options.map((option) => (
          <CheckboxField
            key={option}
            name={name}
            value={option}
            label={option}
            checked={chosen.has(option)}
            onChange={(e) => toggle(option, e.target.checked)}
          />
        ))}
      </Flex>
    </fieldset>
  );
}
