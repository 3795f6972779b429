import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const PLANOGRAM_NAMES = gql(`query GetPlanogramNames { getPlanogramNames }`);
const FRIDGE_SCHEMAS = gql(`query GetFridgeSchemasTemplates { getFridgeSchemasTemplates }`);
const PRICE_MAPS = gql(`query GetPriceMapTemplates { getPriceMapTemplates }`);

const STALE = 5 * 60 * 1000;

export async function getPlanogramNames(): Promise<string[]> {
  const d = await graphql(PLANOGRAM_NAMES);
  return d.getPlanogramNames ?? [];
}

export async function getFridgeSchemasTemplates(): Promise<string[]> {
  const d = await graphql(FRIDGE_SCHEMAS);
  return d.getFridgeSchemasTemplates ?? [];
}

export async function getPriceMapTemplates(): Promise<string[]> {
  const d = await graphql(PRICE_MAPS);
  return d.getPriceMapTemplates ?? [];
}

/** The layout names' cache key: a screen that adds a layout (Create New Planogram) invalidates it. */
export const PLANOGRAM_NAMES_KEY = ['locations', 'names', 'layouts'] as const;

/** `enabled: false` leaves a list unloaded (for a user who could not use it). */
interface ListOptions {
  enabled?: boolean;
}

export const planogramNamesQuery = queryOptions({
  queryKey: PLANOGRAM_NAMES_KEY,
  queryFn: getPlanogramNames,
  staleTime: STALE,
});
export const fridgeSchemasTemplatesQuery = queryOptions({
  queryKey: ['locations', 'names', 'fridgeSchemas'],
  queryFn: getFridgeSchemasTemplates,
  staleTime: STALE,
});
export const priceMapTemplatesQuery = queryOptions({
  queryKey: ['locations', 'names', 'priceMaps'],
  queryFn: getPriceMapTemplates,
  staleTime: STALE,
});
/** The three lists a location's edit fields offer, asked for ahead by a page that edits one (issue 63). */
export function prefetchNameLists(client: QueryClient): void {
  void client.prefetchQuery(planogramNamesQuery);
  void client.prefetchQuery(fridgeSchemasTemplatesQuery);
  void client.prefetchQuery(priceMapTemplatesQuery);
}

export const usePlanogramNames = ({ enabled = true }: ListOptions = {}) =>
  useQuery({ ...planogramNamesQuery, enabled });
export const useFridgeSchemasTemplates = ({ enabled = true }: ListOptions = {}) =>
  useQuery({ ...fridgeSchemasTemplatesQuery, enabled });
export const usePriceMapTemplates = ({ enabled = true }: ListOptions = {}) =>
  useQuery({ ...priceMapTemplatesQuery, enabled });
