import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './WhenNear';

/** An IntersectionObserver whose callbacks the test fires. */
function observers() {
  const made: { fire: (visible: boolean) => void; observed: Element[] }[] = [];
  class Observer {
    observed: Element[] = [];
    constructor(private callback: IntersectionObserverCallback) {
      made.push({
        fire: (v) => this.callback([{ isIntersecting: v } as IntersectionObserverEntry], this as never),
        observed: this.observed,
      });
    }
    observe(el: Element) {
      this.observed.push(el);
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return made;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNear', () => {
  it('holds the place until the part comes near the viewport, then renders it and keeps it', () => {
    const made = observers();
    const { container } = render(
      <WhenNear estimate="900px">
        <p>heavy table</p>
      </WhenNear>,
    );
    expect(screen.queryByText('heavy table')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('900px');
    act(() => made[0].fire(false));
    expect(screen.queryByText('heavy table')).toBeNull();
    act(() => made[0].fire(true));
    expect(screen.getByText('heavy table')).toBeInTheDocument();
  });

  it('renders at once when eager, far or not, and keeps it after', () => {
    observers();
    const { rerender } = render(
      <WhenNear estimate="900px" eager>
        <p>jumped to</p>
      </WhenNear>,
    );
    expect(screen.getByText('jumped to')).toBeInTheDocument();
    rerender(
      <WhenNear estimate="900px">
        <p>jumped to</p>
      </WhenNear>,
    );
    expect(screen.getByText('jumped to')).toBeInTheDocument();
  });

  it('renders everything for print, and at once where there is no observer', () => {
    observers();
    render(
      <WhenNear estimate="900px">
        <p>for print</p>
      </WhenNear>,
    );
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('for print')).toBeInTheDocument();
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear estimate="10px">
        <p>no observer</p>
      </WhenNear>,
    );
    expect(screen.getByText('no observer')).toBeInTheDocument();
  });
});
