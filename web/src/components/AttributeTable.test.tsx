import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttributeTable } from './AttributeTable';

const stylesCss = readFileSync(resolve(__dirname, '../styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The body of the first `@media (max-width: …px)` block of styles.css at or under `px`, with its rules. */
function narrowRules(px: number): string {
  for (const m of stylesCss.matchAll(/@media\s*\(max-width:\s*([\d.]+)px\)\s*\{/g)) {
    if (Number(m[1]) > px) continue;
    let depth = 1;
    let i = m.index! + m[0].length;
    const start = i;
    while (depth > 0 && i < stylesCss.length) {
      if (stylesCss[i] === '{') depth++;
      if (stylesCss[i] === '}') depth--;
      i++;
    }
    const body = stylesCss.slice(start, i - 1);
    if (body.includes('.attribute-table')) return body;
  }
  return '';
}

describe('AttributeTable', () => {
  it('shows attribute/value rows with their colour as data and as a named dot', () => {
    render(
      <AttributeTable
        label="Health"
        rows={[
          { key: 'temperature', attribute: 'Temperature', value: '42 °F', colour: 'red' },
          { key: 'timezone', attribute: 'Timezone', value: 'America/Chicago' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Health' });
    const row = within(table).getByRole('row', { name: /Temperature/ });
    expect(row).toHaveAttribute('data-colour', 'red');
    expect(row).toHaveAttribute('data-field', 'temperature');
    expect(within(row).getByRole('img', { name: 'red' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Timezone/ })).toHaveAttribute('data-colour', 'none');
  });

  it("says 'No data' when empty", () => {
    render(<AttributeTable label="Health" rows={[]} />);
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("stacks each label over its value below 600 px (the layout is the stylesheet's, not inline)", () => {
    render(
      <AttributeTable label="Health" rows={[{ key: 'timezone', attribute: 'Timezone', value: 'America/Chicago' }]} />,
    );
    const table = screen.getByRole('table', { name: 'Health' });
    expect(table).toHaveClass('attribute-table');
    const row = within(table).getByRole('row', { name: /Timezone/ });
    const label = within(row).getByRole('rowheader');
    const value = within(row).getAllByRole('cell')[0];
    expect(label).toHaveClass('attribute-table-label');
    expect(value).toHaveClass('attribute-table-value');
    // Inline layout would win over the media query.
    for (const cell of [label, value]) expect(cell.getAttribute('style')).toBeNull();

    const narrow = narrowRules(600);
    expect(narrow).toMatch(/\.attribute-table tbody tr\s*\{[^}]*display:\s*grid/);
    expect(narrow).toMatch(/grid-template-areas:\s*'label status'\s*'value value'/);
    expect(narrow).toMatch(/\.attribute-table-label\s*\{[^}]*grid-area:\s*label/);
    expect(narrow).toMatch(/\.attribute-table-value\s*\{[^}]*grid-area:\s*value/);
  });
});
