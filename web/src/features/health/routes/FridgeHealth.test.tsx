import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { healthIdOf } from './FridgeHealth';

describe('the health routes', () => {
  it('take the last path segment of /locations/health/... as the id', () => {
    for (const [path, id] of [
      ['/locations/health/CHI_0001', 'CHI_0001'],
      ['/locations/health/x/CHI_0001', 'CHI_0001'],
      ['/locations/health/a/b/CHI_0002/', 'CHI_0002'],
      ['/locations/health/CHI%20A', 'CHI A'],
    ]) {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.[matches.length - 1];
      expect(leaf?.route.path, path).toBe('/locations/health/*');
      expect(healthIdOf(leaf?.params['*'])).toBe(id);
    }
    expect(healthIdOf(undefined)).toBe('');
  });

  it('serve /portfoliohealth with a page, not a placeholder', () => {
    const matches = matchRoutes(routes, '/portfoliohealth');
    expect(matches?.[matches.length - 1]?.route.path).toBe('/portfoliohealth');
  });
});
