import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { LOCATION_FIELDS, toLocation } from './location-fields';
import type { Location } from '../lib/types';

const GET_LOCATION = `query GetLocation($id: ID!) { getLocation(id: $id) { ${LOCATION_FIELDS} } }`;

export const locationKey = (id: string) => ['locations', 'detail', id] as const;

/** The location, or null when it does not exist (getLocation returns an empty list). */
export async function getLocation(id: string): Promise<Location | null> {
  const data = await graphql<{ getLocation: Parameters<typeof toLocation>[0][] }>(GET_LOCATION, { id });
  const first = data.getLocation?.[0];
  return first ? toLocation(first) : null;
}

export function useLocation(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: locationKey(id),
    queryFn: () => getLocation(id),
    enabled: id !== '',
    refetchInterval: options.refetchInterval,
  });
}
