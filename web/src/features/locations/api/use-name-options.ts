import { MESSAGES } from '../lib/constants';
import { fridgeSchemaOptions, layoutOptions, priceMapOptions } from '../lib/name-options';
import { useFridgeSchemasTemplates, usePlanogramNames, usePriceMapTemplates } from './get-name-lists';

/** The three option lists of the search fields, with the §8 load failure messages. */
export function useNameOptions() {
  const layouts = usePlanogramNames();
  const schemas = useFridgeSchemasTemplates();
  const priceMaps = usePriceMapTemplates();
  const errors: string[] = [];
  if (layouts.isError) errors.push(MESSAGES.loadLayoutNames);
  if (priceMaps.isError) errors.push(MESSAGES.loadPriceMapTemplates);
  if (schemas.isError) errors.push(MESSAGES.loadFridgeSchemaTemplates);
  return {
    layoutName: layoutOptions(layouts.data),
    fridgeSchema: fridgeSchemaOptions(schemas.data),
    priceMapTemplate: priceMapOptions(priceMaps.data),
    loading: layouts.isLoading || schemas.isLoading || priceMaps.isLoading,
    errors,
  };
}

export type NameOptions = ReturnType<typeof useNameOptions>;
