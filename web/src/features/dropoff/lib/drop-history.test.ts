import { describe, expect, it } from 'vitest';
import { changeLine } from './drop-history';

describe('changeLine', () => {
  it('reads an override and a revert as the server records them', () => {
    expect(
      changeLine({
        oldValue: '{"dropStatus":"Pending"}',
        newValue: '{"dropStatus":"Complete","statusReason":"Group Drop"}',
      }),
    ).toBe('Pending → Complete (Group Drop)');
    expect(
      changeLine({
        oldValue: { dropStatus: 'Not Delivering', statusReason: 'Missing Totes' },
        newValue: { dropStatus: 'Pending' },
      }),
    ).toBe('Not Delivering (Missing Totes) → Pending');
  });

  it('shows a value that does not read as it came', () => {
    expect(changeLine({ oldValue: 'not json', newValue: null })).toBe('not json → Pending');
  });
});
