import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusLabel } from './StatusBadge';

const SPEC_LABELS = { CLEAROUT_COMPLETE: 'Removal Complete', CLEAROUT_DECOMMISSION_COMPLETE: 'Decommision Complete' };

describe('statusLabel', () => {
  it('says a status code in words', () => {
    expect(statusLabel('NOT_STARTED')).toBe('Not Started');
    expect(statusLabel('VAN_TEMPERATURE_SET')).toBe('Van Temperature Set');
    expect(statusLabel('COMPLETED')).toBe('Completed');
  });

  it("uses the spec's own label, spelled as the spec spells it", () => {
    expect(statusLabel('CLEAROUT_COMPLETE', SPEC_LABELS)).toBe('Removal Complete');
    expect(statusLabel('CLEAROUT_DECOMMISSION_COMPLETE', SPEC_LABELS)).toBe('Decommision Complete');
    expect(statusLabel('IN_PROGRESS', SPEC_LABELS)).toBe('In Progress');
  });

  it('leaves a status already in words as it is, and nothing as nothing', () => {
    expect(statusLabel('Not Delivering')).toBe('Not Delivering');
    expect(statusLabel('Removal Complete')).toBe('Removal Complete');
    expect(statusLabel(null)).toBe('');
  });
});

describe('StatusBadge', () => {
  it('shows a status code in words and keeps the code as data-status', () => {
    render(<StatusBadge status="CLEAROUT_COMPLETE" labels={SPEC_LABELS} />);
    const chip = screen.getByText('Removal Complete');
    expect(chip).toHaveAttribute('data-status', 'CLEAROUT_COMPLETE');
    expect(screen.queryByText('CLEAROUT_COMPLETE')).toBeNull();
  });

  it('takes its tone from the code unless told', () => {
    render(
      <>
        <StatusBadge status="FAILED" />
        <StatusBadge status="NOT_STARTED" tone="info" />
      </>,
    );
    expect(screen.getByText('Failed')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByText('Not Started')).toHaveAttribute('data-tone', 'info');
  });
});
