import {
  ACCESS_TO,
  DETAIL_TIME_ZONES,
  LIVE_OFFLINE,
  SERIAL_PORTS,
  VERTICALS,
  WEEKDAYS,
  type Option,
} from './constants';
import { hoursSummary, TWENTY_FOUR_HOURS } from './hours';
import { displayValue } from '@/lib/display-value';
import { EDIT_CHECKS, EDIT_RULES, type EditMessages } from '@/lib/rules';
import type { Location, StockingSchedule } from './types';

export type FieldKind =
  | 'readonly'
  | 'text'
  | 'number'
  | 'integer'
  | 'ip'
  | 'date'
  | 'select'
  | 'search'
  | 'address'
  | 'hours'
  | 'allocation'
  | 'reserve'
  | 'stockingSchedule'
  | 'deviceAddress';

export type SearchList = 'layoutName' | 'fridgeSchema' | 'priceMapTemplate';

/**
 * A row's key: the location attribute it stands for, or 'address' (the row of street, city, state and zipCode).
 * Keyed by the Location type's own fields, so reading a row's value type-checks (storedValue) and a renamed
 * attribute fails the build.
 */
export type FieldKey = keyof Location | 'address';

export interface FieldDef {
  /** The row key; for simple fields also the flat attribute name. */
  key: FieldKey;
  /** Property column text; also the X of the validation messages. */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Sent as a number (selects with 0/1 values, numeric inputs). */
  numeric?: boolean;
  min?: number;
  max?: number;
  options?: Option[];
  /** Where a search field takes its options from. */
  searchList?: SearchList;
  /** The server's messages for this attribute. */
  messages?: EditMessages;
  /** What an absent value means, shown in its place (else nothing). */
  whenEmpty?: string;
}

const opts = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/**
 * Whether a field is required, its numeric bounds and its messages, as the
 * server's edit checks have them (one rule source: src/generated/rules.json).
 */
function server(key: string): Pick<FieldDef, 'required' | 'min' | 'max' | 'messages'> {
  const rule = EDIT_RULES.find((r) => r.field === key);
  if (!rule) throw new Error(`the server has no edit rule for ${key}`);
  return { required: rule.required, min: rule.min, max: rule.max, messages: rule.messages };
}
const YES_NO: Option[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/** Every row of the detail table (§2.5), in display order. */
export const DETAIL_FIELDS: FieldDef[] = [
  { key: 'accessTo', label: 'accessTo', kind: 'select', options: opts(ACCESS_TO), ...server('accessTo') },
  { key: 'address', label: 'address', kind: 'address' },
  { key: 'aprivaDeviceAddress', label: 'Campus Card device address', kind: 'deviceAddress' },
  { key: 'covid19', label: 'covid19', kind: 'select', numeric: true, options: YES_NO, ...server('covid19') },
  { key: 'directions', label: 'directions', kind: 'readonly' },
  { key: 'fridgeModel', label: 'fridgeModel', kind: 'readonly' },
  { key: 'hostname', label: 'hostname', kind: 'readonly' },
  { key: 'fridgeSchema', label: 'fridgeSchema', kind: 'search', searchList: 'fridgeSchema', ...server('fridgeSchema') },
  { key: 'hours', label: 'hours', kind: 'hours' },
  {
    key: 'holidayScreenEnabled',
    label: 'holidayScreenEnabled',
    kind: 'select',
    numeric: true,
    options: YES_NO,
    ...server('holidayScreenEnabled'),
  },
  {
    key: 'holidayScreenFridgeSpecific',
    label: 'holidayScreenFridgeSpecific',
    kind: 'integer',
    numeric: true,
    ...server('holidayScreenFridgeSpecific'),
  },
  { key: 'holidayScreenStartDate', label: 'holidayScreenStartDate', kind: 'date', ...server('holidayScreenStartDate') },
  { key: 'holidayScreenEndDate', label: 'holidayScreenEndDate', kind: 'date', ...server('holidayScreenEndDate') },
  { key: 'ip', label: 'ip', kind: 'ip', ...server('ip') },
  { key: 'latitude', label: 'latitude', kind: 'number', numeric: true, ...server('latitude') },
  { key: 'longitude', label: 'longitude', kind: 'number', numeric: true, ...server('longitude') },
  { key: 'layoutName', label: 'layoutName', kind: 'search', searchList: 'layoutName', ...server('layoutName') },
  { key: 'onlineDate', label: 'onlineDate', kind: 'date', ...server('onlineDate') },
  // §3.2: 'Standard experience' is the default, so a location that stores none has it.
  { key: 'paymentGateway', label: 'paymentGateway', kind: 'readonly', whenEmpty: 'Standard experience' },
  { key: 'percentage', label: 'percentage', kind: 'number', numeric: true, ...server('percentage') },
  { key: 'prettyName', label: 'prettyName', kind: 'readonly' },
  {
    key: 'priceMapTemplate',
    label: 'priceMapTemplate',
    kind: 'search',
    searchList: 'priceMapTemplate',
    ...server('priceMapTemplate'),
  },
  { key: 'prod', label: 'Ready for Allocation', kind: 'allocation', numeric: true },
  {
    key: 'publicStatus',
    label: 'publicStatus',
    kind: 'select',
    options: opts(LIVE_OFFLINE),
    ...server('publicStatus'),
  },
  { key: 'reserve', label: 'reserve', kind: 'reserve', numeric: true },
  { key: 'route', label: 'route', kind: 'text', ...server('route') },
  { key: 'serialPort', label: 'serialPort', kind: 'select', options: opts(SERIAL_PORTS), ...server('serialPort') },
  { key: 'status', label: 'status', kind: 'select', options: opts(LIVE_OFFLINE), ...server('status') },
  { key: 'stockingSchedule', label: 'stockingSchedule', kind: 'stockingSchedule' },
  { key: 'stop', label: 'stop', kind: 'integer', numeric: true, ...server('stop') },
  { key: 'taxRate', label: 'taxRate', kind: 'number', numeric: true, ...server('taxRate') },
  { key: 'timeZone', label: 'timeZone', kind: 'select', options: DETAIL_TIME_ZONES, ...server('timeZone') },
  { key: 'vertical', label: 'vertical', kind: 'select', options: opts(VERTICALS), ...server('vertical') },
];

export const ADDRESS_FIELDS = ['street', 'city', 'state', 'zipCode'] as const;

/** Attributes a row's scheduled changes are listed under. */
export function scheduleAttributes(def: FieldDef): string[] {
  if (def.kind === 'address') return [...ADDRESS_FIELDS];
  if (def.kind === 'hours') return ['hours', 'workHours'];
  return [def.key];
}

/** A message the server's rules must word; a missing one fails at load, never as a silent pass. */
function worded(field: string, kind: keyof EditMessages): string {
  const text = server(field).messages?.[kind];
  if (!text) throw new Error(`the server's rules have no ${kind} message for ${field}`);
  return text;
}

/** The messages each kind of row shows. */
function neededMessages(def: FieldDef): (keyof EditMessages)[] {
  if (def.kind === 'ip') return ['invalid'];
  const needed: (keyof EditMessages)[] = def.required ? ['empty'] : [];
  if (def.kind === 'number' || def.kind === 'integer') needed.push('range');
  if (def.kind === 'integer') needed.push('decimal');
  return needed;
}
for (const def of DETAIL_FIELDS) neededMessages(def).forEach((kind) => worded(def.key, kind));

/** A row's message as the server words it (checked present at load). */
const message = (def: FieldDef, kind: keyof EditMessages): string => def.messages?.[kind] ?? '';

/** The address dialog's messages: each part's own 'cannot be empty' (§5.2). */
const ADDRESS_EMPTY = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, worded(f, 'empty')])) as Record<
  (typeof ADDRESS_FIELDS)[number],
  string
>;

export const emailMessage = (x: string) => `${x} is not a valid email id`;
export const IP_INVALID = worded('ip', 'invalid');

/** The server's IPv4 check (is_ipv4) as a pattern. */
const IPV4_RE = new RegExp(EDIT_CHECKS.ipPattern);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER_RE = /^-?(\d+\.?\d*|\.\d+)$/;

/** §5.2: a valid IPv4 address, unless the value holds the company host marker. */
export function validateIp(value: string): string | null {
  const v = value.trim();
  if (v.includes(EDIT_CHECKS.hostMarker)) return null;
  return IPV4_RE.test(v) ? null : IP_INVALID;
}

export function validateEmail(label: string, value: string): string | null {
  return EMAIL_RE.test(value.trim()) ? null : emailMessage(label);
}

/** Validates one simple field value as typed (§5.2); returns the message or null. */
export function validateField(def: FieldDef, raw: string): string | null {
  const value = raw.trim();
  if (def.kind === 'ip') return validateIp(value);
  if (value === '') return def.required ? message(def, 'empty') : null;
  if (def.kind === 'number' || def.kind === 'integer') {
    const min = def.min ?? -Infinity;
    const max = def.max ?? Infinity;
    if (!NUMBER_RE.test(value)) return message(def, 'range');
    const n = Number(value);
    if (def.kind === 'integer' && !Number.isInteger(n)) return message(def, 'decimal');
    if (n < min || n > max) return message(def, 'range');
  }
  return null;
}

/** Validates a search field: only offered options are accepted. */
export function validateSearch(value: string, options: Option[]): string | null {
  return options.some((o) => o.value === value) ? null : EDIT_CHECKS.invalidOption;
}

/** Validates the address dialog: each part non-empty ('{field} cannot be empty'). */
export function validateAddress(address: Record<(typeof ADDRESS_FIELDS)[number], string>): string | null {
  for (const f of ADDRESS_FIELDS) {
    if ((address[f] ?? '').trim() === '') return ADDRESS_EMPTY[f];
  }
  return null;
}

/** Validates an allocation or reserve change; null when fine. */
export function validateReason(reason: string, otherText: string): string | null {
  const r = reason === 'Other' ? otherText.trim() : reason.trim();
  return r === '' ? EDIT_CHECKS.reasonEmpty : null;
}

/** The reason actually stored: the free text for Other. */
export function effectiveReason(reason: string, otherText: string): string {
  return reason === 'Other' ? otherText.trim() : reason.trim();
}

/** The typed value of a simple field as the server expects it. */
export function toServerValue(def: FieldDef, raw: string): string | number {
  const v = raw.trim();
  return def.numeric && v !== '' ? Number(v) : v;
}

/** 'street, city, state zip' */
export function formatAddress(loc: Pick<Location, 'street' | 'city' | 'state' | 'zipCode'>): string {
  return `${loc.street ?? ''}, ${loc.city ?? ''}, ${loc.state ?? ''} ${loc.zipCode ?? ''}`;
}

export function formatStockingSchedule(s: StockingSchedule | null | undefined): string {
  if (!s) return '';
  const on = WEEKDAYS.filter((d) => Number(s[d]) === 1).map((d) => d.slice(0, 3));
  return on.length ? on.join(', ') : 'None';
}

export const yesNo = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v) === 1 ? 'Yes' : 'No');

/**
 * A display text for a value of a row (current or scheduled), as a person reads it
 * (displayValue: no JSON braces). An absent or empty value shows as nothing.
 */
export function formatValue(def: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return def.whenEmpty ?? '';
  switch (def.kind) {
    case 'allocation':
    case 'reserve':
      return yesNo(value);
    case 'stockingSchedule':
      return formatStockingSchedule(value as StockingSchedule);
    case 'select': {
      const o = def.options?.find((x) => x.value === String(value));
      if (def.numeric && o) return o.label;
      return displayValue(value);
    }
    case 'search':
      return def.searchList === 'layoutName' && value === 'dummy' ? 'Default (dummy)' : displayValue(value);
    default:
      return displayValue(value);
  }
}

/** The stored value of a row's attribute (the address row has none of its own: its parts are ADDRESS_FIELDS). */
export function storedValue(def: FieldDef, loc: Location): unknown {
  return def.key === 'address' ? undefined : loc[def.key];
}

/** The value a row shows for a location. */
export function currentDisplay(def: FieldDef, loc: Location): string {
  switch (def.kind) {
    case 'address':
      return formatAddress(loc);
    case 'hours':
      if (String(loc.hours) === '1') return TWENTY_FOUR_HOURS;
      return loc.hours || (loc.workHours ? hoursSummary(false, loc.workHours) : '') || '';
    default:
      return formatValue(def, storedValue(def, loc));
  }
}

export { TWENTY_FOUR_HOURS };
