import { act, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useBeforePrint } from './print';

function Lazy() {
  const [all, setAll] = useState(false);
  useBeforePrint(useCallback(() => setAll(true), []));
  return <p>{all ? 'every row' : 'first rows'}</p>;
}

describe('useBeforePrint', () => {
  it('renders everything before printing, and stops listening once unmounted', () => {
    const { unmount } = render(<Lazy />);
    expect(screen.getByText('first rows')).toBeInTheDocument();
    // flushSync: the new content is in the document as soon as the event returns, before the print layout.
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('every row')).toBeInTheDocument();
    unmount();
    expect(() => window.dispatchEvent(new Event('beforeprint'))).not.toThrow();
  });
});
