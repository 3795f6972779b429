import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { preloadChart } from '@/components/Chart';
import type { CurrentUser } from '@/lib/auth/useCurrentUser';
import { healthIdOf } from '../lib/health-id';
import { fridgeTemperaturesQuery } from './fridge-temperatures';
import { fridgeHealthQuery } from './get-fridge-health';
import { fridgeEventsQuery } from './get-fridge-events';
import { fridgeSegmentEventsQuery } from './get-fridge-segment-events';
import { queueMessagesQuery } from './read-queue-messages';

/**
 * A fridge's health, its temperature chart (the samples and the chart's code), its commands and its two event
 * tables' first pages, asked for while the page loads (issue 63): beside the user's
 * access, not after the screen's guard has read it and the page has mounted.
 */
export function preloadFridgeHealth(client: QueryClient, _user: CurrentUser, params: Params): void {
  const id = healthIdOf(params['*']);
  if (!id) return;
  void client.prefetchQuery(fridgeHealthQuery(id));
  void client.prefetchQuery(fridgeTemperaturesQuery(id));
  void client.prefetchQuery(queueMessagesQuery(id));
  void client.prefetchInfiniteQuery(fridgeEventsQuery(id));
  void client.prefetchInfiniteQuery(fridgeSegmentEventsQuery(id));
  preloadChart('line');
}
