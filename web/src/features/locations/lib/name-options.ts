import { RULE_OPTIONS } from '@/lib/rules';
import { DEFAULT_FRIDGE_SCHEMA, DEFAULT_LAYOUT, DEFAULT_PRICE_MAP_TEMPLATE, type Option } from './constants';

function unique(options: Option[]): Option[] {
  const seen = new Set<string>();
  return options.filter((o) => (seen.has(o.value) ? false : (seen.add(o.value), true)));
}

/** 'Default' (value dummy) plus the fetched layout names. */
export function layoutOptions(names: string[] | undefined): Option[] {
  return unique([DEFAULT_LAYOUT, ...(names ?? []).map((n) => ({ value: n, label: n }))]);
}

/** MW_STANDARD/latest plus the fetched names with '/latest' appended. */
export function fridgeSchemaOptions(names: string[] | undefined): Option[] {
  return unique([
    { value: DEFAULT_FRIDGE_SCHEMA, label: DEFAULT_FRIDGE_SCHEMA },
    ...(names ?? []).map((n) => {
      const v = n.endsWith('/latest') ? n : `${n}/latest`;
      return { value: v, label: v };
    }),
  ]);
}

/** The built-in templates the server accepts (PMT_STANDARD, PMT_NE_STANDARD) plus the fetched names. */
export function priceMapOptions(names: string[] | undefined): Option[] {
  return unique([
    { value: DEFAULT_PRICE_MAP_TEMPLATE, label: DEFAULT_PRICE_MAP_TEMPLATE },
    ...RULE_OPTIONS.priceMapTemplates.map((n) => ({ value: n, label: n })),
    ...(names ?? []).map((n) => ({ value: n, label: n })),
  ]);
}
