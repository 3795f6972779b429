import type { ReactNode } from 'react';
import { Text } from '@aws-amplify/ui-react';

/** Status colours of an attribute (e.g. the fridge health rules). */
export type AttributeColour = 'green' | 'orange' | 'red';

export interface AttributeRow {
  /** A stable handle of the attribute (rendered as data-field). */
  key: string;
  attribute: string;
  value: ReactNode;
  colour?: AttributeColour | null;
}

export interface AttributeTableProps {
  rows: AttributeRow[];
  /** Accessible name of the table. */
  label: string;
  /** Shown instead of the table when there are no rows. */
  emptyMessage?: string;
}

const TINT: Record<AttributeColour, string> = {
  green: 'var(--amplify-colors-green-10, #edf7ed)',
  orange: 'var(--amplify-colors-orange-10, #fff4e5)',
  red: 'var(--amplify-colors-red-10, #fdecea)',
};
const DOT: Record<AttributeColour, string> = {
  green: 'var(--amplify-colors-green-80, #2e7d32)',
  orange: 'var(--amplify-colors-orange-80, #b35c00)',
  red: 'var(--amplify-colors-red-80, #c62828)',
};

/**
 * A two-column attribute/value table (below 600 px each label stacks over its value). A coloured row is tinted and carries a
 * dot named by its colour (so the colour is never the only signal for a
 * screen reader); every row has data-field and data-colour ('none' when
 * uncoloured) for styling and tests.
 */
export function AttributeTable({ rows, label, emptyMessage = 'No data' }: AttributeTableProps) {
  if (rows.length === 0) {
    return (
      <Text color="font.tertiary" padding="0.5rem 0">
        {emptyMessage}
      </Text>
    );
  }
  // Laid out by styles.css (.attribute-table): below 600 px each row stacks its label over its value.
  return (
    <table aria-label={label} className="attribute-table">
      <thead>
        <tr>
          <th scope="col" className="attribute-table-label-col">
            Attribute
          </th>
          <th scope="col">Value</th>
          <th scope="col" className="attribute-table-status-col">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.key}
            data-field={r.key}
            data-colour={r.colour ?? 'none'}
            style={r.colour ? { background: TINT[r.colour] } : undefined}
          >
            <th scope="row" className="attribute-table-label">
              {r.attribute}
            </th>
            <td className="attribute-table-value">{r.value}</td>
            <td className="attribute-table-status">
              {r.colour ? (
                <span
                  role="img"
                  aria-label={r.colour}
                  title={r.colour}
                  style={{
                    display: 'inline-block',
                    width: '0.8rem',
                    height: '0.8rem',
                    borderRadius: '50%',
                    background: DOT[r.colour],
                  }}
                />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
