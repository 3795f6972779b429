import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { pageIdOf } from '../api/preload-location-pages';

describe('the detail route', () => {
  it('takes the last path segment as the id (spec §2.1)', () => {
    for (const [path, id] of [
      ['/locations/detail/CHI_0001', 'CHI_0001'],
      ['/locations/detail/x/CHI_0001', 'CHI_0001'],
      ['/locations/detail/a/b/CHI_0002/', 'CHI_0002'],
    ]) {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.[matches.length - 1];
      expect(leaf?.route.path, path).toBe('/locations/detail/*');
      expect(pageIdOf(leaf?.params ?? {})).toBe(id);
    }
    expect(pageIdOf({})).toBe('');
  });
});
