import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { preloadChart } from '@/components/Chart';
import type { CurrentUser } from '@/lib/auth/useCurrentUser';
import { healthIdOf } from '../lib/health-id';
import { fridgeTemperaturesQuery } from './fridge-temperatures';
import { fridgeHealthQuery } from './get-fridge-health';

/**
 * A fridge's health and its temperature chart (the samples and the chart's code), asked for while the page loads (issue 63): beside the user's
 * access, not after the screen's guard has read it and the page has mounted.
 */
export function preloadFridgeHealth(client: QueryClient, _user: CurrentUser, params: Params): void {
  const id = healthIdOf(params['*']);
  if (!id) return;
  void client.prefetchQuery(fridgeHealthQuery(id));
  void client.prefetchQuery(fridgeTemperaturesQuery(id));
  preloadChart('line');
}
