import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_GAP_PX, PAGE_HEADER_SELECTOR, SETTLE_MS, landOn } from './use-attention-mark';

/**
 * A page laid out by hand: the sticky header's bottom at `header` px, the target's top at `at` px from the top of
 * the document, and the page's scroll position, which scrollTo moves.
 */
function page({ header = 64, at = 5_000 } = {}) {
  const layout = { header, at, scrollY: 0 };
  const bar = document.createElement('header');
  bar.className = PAGE_HEADER_SELECTOR.slice(1);
  document.body.append(bar);
  const target = document.createElement('tr');
  document.body.append(target);
  const rect = (top: number, height: number) => ({ top, bottom: top + height }) as DOMRect;
  vi.spyOn(bar, 'getBoundingClientRect').mockImplementation(() => rect(0, layout.header));
  vi.spyOn(target, 'getBoundingClientRect').mockImplementation(() => rect(layout.at - layout.scrollY, 44));
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => layout.scrollY);
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    layout.scrollY = options.top ?? layout.scrollY;
  }) as typeof window.scrollTo);
  return { layout, target, scrollTo, top: () => target.getBoundingClientRect().top };
}

describe('landOn (a Show jumps to a stop row)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('puts the target just below the sticky header at once, not under it', () => {
    const { target, scrollTo, top } = page({ header: 64, at: 5_000 });
    landOn(target);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 5_000 - 64 - LANDING_GAP_PX, behavior: 'instant' });
    expect(top()).toBe(64 + LANDING_GAP_PX);
  });

  it('below a taller header (its menus wrapped) too, and never above the top of the page', () => {
    const tall = page({ header: 120, at: 900 });
    landOn(tall.target);
    expect(tall.top()).toBe(120 + LANDING_GAP_PX);
    vi.restoreAllMocks();
    document.body.replaceChildren();

    const near = page({ header: 64, at: 20 });
    landOn(near.target);
    expect(near.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' });
  });

  it('holds the target in place while the tables above it render and change their height', () => {
    const { layout, target, scrollTo, top } = page();
    landOn(target);
    // A card above renders its table, 300 px taller than its placeholder: the row moved down.
    layout.at += 300;
    vi.advanceTimersByTime(16);
    expect(top()).toBe(64 + LANDING_GAP_PX);
    // Nothing moved: no scroll.
    const calls = scrollTo.mock.calls.length;
    vi.advanceTimersByTime(100);
    expect(scrollTo).toHaveBeenCalledTimes(calls);
    // After the hold, the page is left alone.
    vi.advanceTimersByTime(SETTLE_MS);
    layout.at += 200;
    vi.advanceTimersByTime(100);
    expect(top()).toBe(64 + LANDING_GAP_PX + 200);
  });

  it('lets go as soon as the user scrolls, and when it is told to or the target goes', () => {
    const first = page();
    landOn(first.target);
    window.dispatchEvent(new WheelEvent('wheel'));
    first.layout.at += 300;
    vi.advanceTimersByTime(100);
    expect(first.top()).toBe(64 + LANDING_GAP_PX + 300);
    vi.restoreAllMocks();
    document.body.replaceChildren();

    const second = page();
    const stop = landOn(second.target);
    stop();
    second.layout.at += 300;
    vi.advanceTimersByTime(100);
    expect(second.top()).toBe(64 + LANDING_GAP_PX + 300);

    const third = page();
    landOn(third.target);
    third.target.remove();
    third.layout.at += 300;
    const calls = third.scrollTo.mock.calls.length;
    vi.advanceTimersByTime(100);
    expect(third.scrollTo).toHaveBeenCalledTimes(calls);
  });
});
