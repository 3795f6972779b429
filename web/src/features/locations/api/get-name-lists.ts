import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';

const STALE = 5 * 60 * 1000;

export async function getPlanogramNames(): Promise<string[]> {
  const d = await graphql<{ getPlanogramNames: string[] }>('query { getPlanogramNames }');
  return d.getPlanogramNames ?? [];
}

export async function getFridgeSchemasTemplates(): Promise<string[]> {
  const d = await graphql<{ getFridgeSchemasTemplates: string[] }>('query { getFridgeSchemasTemplates }');
  return d.getFridgeSchemasTemplates ?? [];
}

export async function getPriceMapTemplates(): Promise<string[]> {
  const d = await graphql<{ getPriceMapTemplates: string[] }>('query { getPriceMapTemplates }');
  return d.getPriceMapTemplates ?? [];
}

export const usePlanogramNames = () =>
  useQuery({ queryKey: ['locations', 'names', 'layouts'], queryFn: getPlanogramNames, staleTime: STALE });
export const useFridgeSchemasTemplates = () =>
  useQuery({ queryKey: ['locations', 'names', 'fridgeSchemas'], queryFn: getFridgeSchemasTemplates, staleTime: STALE });
export const usePriceMapTemplates = () =>
  useQuery({ queryKey: ['locations', 'names', 'priceMaps'], queryFn: getPriceMapTemplates, staleTime: STALE });
