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
 * A two-column attribute/value table. A coloured row is tinted and carries a
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
  return (
    <table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {['Attribute', 'Value', 'Status'].map((h) => (
            <th
              key={h}
              scope="col"
              style={{
                textAlign: 'left',
                padding: '0.4rem 0.75rem',
                background: 'var(--amplify-colors-background-secondary, #f5f5f5)',
                borderBottom: '1px solid var(--amplify-colors-border-primary)',
                width: h === 'Status' ? '5rem' : h === 'Attribute' ? '40%' : undefined,
              }}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.key}
            data-field={r.key}
            data-colour={r.colour ?? 'none'}
            style={{
              background: r.colour ? TINT[r.colour] : undefined,
              borderBottom: '1px solid var(--amplify-colors-border-secondary)',
            }}
          >
            <th scope="row" style={{ textAlign: 'left', fontWeight: 500, padding: '0.35rem 0.75rem' }}>
              {r.attribute}
            </th>
            <td style={{ padding: '0.35rem 0.75rem', wordBreak: 'break-word' }}>{r.value}</td>
            <td style={{ padding: '0.35rem 0.75rem' }}>
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
