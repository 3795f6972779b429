import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGES, asOfText, isLiveUp, lastChangeText, liveText, titleWithCount } from './live-status';

describe('the Summary texts of a live dashboard', () => {
  it('says Live, with the time of the last change received (as As of, in Central time)', () => {
    expect(liveText('live')).toBe('Live');
    expect(lastChangeText('2026-07-01T16:02:15Z')).toBe('last change 2026-07-01 11:02:15 CT');
    expect(lastChangeText(null)).toBe('no change yet');
  });

  it('says when the connection dropped and the 2-minute refresh took over, and when it came back', () => {
    expect(liveText('lost')).toBe('Connection lost. Refreshing every 2 minutes.');
    expect(LIVE_MESSAGES.lost).toBe(liveText('lost'));
    expect(liveText('catching-up')).toBe('Connection back. Reading the board again.');
  });

  it('says nothing of a page that is not live (no search, refused, not connected yet)', () => {
    expect(liveText('off')).toBeNull();
    expect(liveText('connecting')).toBeNull();
  });

  it("says a failed read, until one succeeds, with the shown answer's time", () => {
    expect(asOfText('2026-07-01T16:00:00Z', false)).toBe('As of 2026-07-01 11:00:00 CT');
    expect(asOfText('2026-07-01T16:00:00Z', true)).toBe('Not updated since 2026-07-01 11:00:00 CT. Retrying.');
    // Past the refresh limit nothing is read again.
    expect(asOfText('2026-07-01T16:00:00Z', true, false)).toBe('Not updated since 2026-07-01 11:00:00 CT.');
  });

  it('stops the 2-minute refresh only while connected', () => {
    expect(isLiveUp('live')).toBe(true);
    expect(isLiveUp('catching-up')).toBe(true);
    expect(isLiveUp('lost')).toBe(false);
    expect(isLiveUp('connecting')).toBe(false);
    expect(isLiveUp('off')).toBe(false);
  });
});

describe('titleWithCount', () => {
  const title = 'Stocking Real-Time Dashboard · Fleet Console';
  it("counts the changes in the tab's title, and clears them", () => {
    expect(titleWithCount(title, 3)).toBe(`(3) ${title}`);
    expect(titleWithCount(`(3) ${title}`, 5)).toBe(`(5) ${title}`);
    expect(titleWithCount(`(5) ${title}`, 0)).toBe(title);
    expect(titleWithCount(title, 0)).toBe(title);
  });
});
