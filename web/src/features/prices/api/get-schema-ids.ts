import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const PRICE_SCHEMA_IDS = gql(`query PriceSchemaIds { priceSchemaIds }`);

/** Every schema id that has prices. */
export const getSchemaIds = async () => (await graphql(PRICE_SCHEMA_IDS)).priceSchemaIds;

export function useSchemaIds() {
  return useQuery({ queryKey: ['prices', 'schemaIds'], queryFn: getSchemaIds });
}
