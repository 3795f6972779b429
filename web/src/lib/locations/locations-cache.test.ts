import { describe, expect, it } from 'vitest';
import { CACHE_KEY, readCache, refreshKind, summarise, writeCache, type LocationsCache } from './locations-cache';

class MemStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const cache = (over: Partial<LocationsCache> = {}): LocationsCache => ({
  locations: [{ id: 'A' }],
  drivers: ['d'],
  allLoaded: true,
  timestamp: 1_000_000_000_000,
  ...over,
});

describe('locations cache', () => {
  it('round-trips through storage', () => {
    const s = new MemStorage();
    expect(readCache(s)).toBeNull();
    writeCache(cache(), s);
    expect(readCache(s)).toEqual(cache());
    s.setItem(CACHE_KEY, '{broken');
    expect(readCache(s)).toBeNull();
  });

  it('is refreshed fully when empty, incomplete or older than 2 days', () => {
    const t = 1_000_000_000_000;
    expect(refreshKind(null, t)).toBe('full');
    expect(refreshKind(cache({ locations: [] }), t)).toBe('full');
    expect(refreshKind(cache({ allLoaded: false }), t)).toBe('full');
    expect(refreshKind(cache({ timestamp: t - 2 * DAY - 1 }), t)).toBe('full');
    expect(refreshKind(cache({ timestamp: t - 2 * DAY + 1000 }), t)).toBe('quick');
    expect(refreshKind(cache({ timestamp: t - 60_000 }), t)).toBe('quick');
  });

  it('keeps only the list fields', () => {
    expect(summarise({ id: 'A', prettyName: 'P', extra: 1 } as never)).toEqual({
      id: 'A',
      type: null,
      prettyName: 'P',
      route: null,
      stop: null,
      status: null,
      prod: null,
    });
  });
});
