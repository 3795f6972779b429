import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { RetainedRequests } from './retained-requests';

describe('RetainedRequests', () => {
  it('resends the first input while the change is the same and a failure may have landed', () => {
    let n = 0;
    const held = new RetainedRequests<string>();
    const first = held.inputFor('cmd', 'ENABLE', () => `r${++n}`);
    held.settled('cmd', first, new TypeError('Failed to fetch'));
    expect(held.inputFor('cmd', 'ENABLE', () => `r${++n}`)).toBe(first);
    expect(held.inputFor('cmd', 'DISABLE', () => `r${++n}`)).toBe('r2');
  });

  it('ends a request on success or on a refusal', () => {
    let n = 0;
    const held = new RetainedRequests<string>();
    const first = held.inputFor('cmd', 'x', () => `r${++n}`);
    held.settled('cmd', first);
    expect(held.inputFor('cmd', 'x', () => `r${++n}`)).toBe('r2');
    const refused = new ApiError('This requestId was already used', { errorType: 'Conflict' });
    held.settled('cmd', 'r2', refused);
    expect(held.inputFor('cmd', 'x', () => `r${++n}`)).toBe('r3');
  });
});
