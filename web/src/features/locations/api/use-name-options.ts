import { fridgeSchemaOptions, layoutOptions, priceMapOptions } from '../lib/name-options';
import { useFridgeSchemasTemplates, usePlanogramNames, usePriceMapTemplates } from '@/lib/locations/get-name-lists';
import {
  LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE,
  LOAD_LAYOUT_NAMES_FAILURE,
  LOAD_PRICE_MAP_TEMPLATES_FAILURE,
} from '@/lib/messages';

/**
 * The three option lists of the search fields, with the §8 load failure messages. With
 * `enabled: false` (a user who may not edit) nothing is loaded and no failure is reported: the
 * lists only serve the edit dialogs.
 */
export function useNameOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const layouts = usePlanogramNames({ enabled });
  const schemas = useFridgeSchemasTemplates({ enabled });
  const priceMaps = usePriceMapTemplates({ enabled });
  const errors: string[] = [];
  if (layouts.isError) errors.push(LOAD_LAYOUT_NAMES_FAILURE);
  if (priceMaps.isError) errors.push(LOAD_PRICE_MAP_TEMPLATES_FAILURE);
  if (schemas.isError) errors.push(LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE);
  return {
    layoutName: layoutOptions(layouts.data),
    fridgeSchema: fridgeSchemaOptions(schemas.data),
    priceMapTemplate: priceMapOptions(priceMaps.data),
    loading: layouts.isLoading || schemas.isLoading || priceMaps.isLoading,
    errors: enabled ? errors : [],
  };
}

export type NameOptions = ReturnType<typeof useNameOptions>;
