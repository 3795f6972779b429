import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { inventoryIdOf } from '../lib/inventory-id';

describe('the inventory route', () => {
  it('serves /locations/inventory/{...}/{id} with the page (not a placeholder), the last segment being the id', () => {
    for (const [path, id] of [
      ['/locations/inventory/CHI_0001', 'CHI_0001'],
      ['/locations/inventory/x/CHI_0001', 'CHI_0001'],
      ['/locations/inventory/CHI%20A/', 'CHI A'],
    ]) {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.[matches.length - 1];
      expect(leaf?.route.path, path).toBe('/locations/inventory/*');
      const element = leaf?.route.element;
      expect(isValidElement(element) && (element.props as { name?: string }).name, 'no Placeholder props').toBeFalsy();
      expect(inventoryIdOf(leaf?.params['*'])).toBe(id);
    }
  });
});
