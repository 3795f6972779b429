import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const ITEM_PRICES = gql(
  `query ItemPrices($schemaIds: [String!]) { itemPrices(schemaIds: $schemaIds) { schemaId item price exists } }`,
);

/** The prices of these schemas; every schema when none are given. */
export const getItemPrices = async (schemaIds: string[] | null) =>
  (await graphql(ITEM_PRICES, { schemaIds })).itemPrices;
