import {
  DAY_SHORT,
  DEFAULT_FRIDGE_SCHEMA,
  DEFAULT_PRICE_MAP_TEMPLATE,
  STATE_TAX_RATES,
  WEEKDAYS,
  type Weekday,
} from './constants';
import { emptyDays, startBeforeEndMessage, type DayHoursMap } from './hours';
import { CREATE_RULES, CUSTOM_HOURS_MESSAGE, checkAll } from '@/lib/rules';

/** State of the create-location form; every value is kept as typed. */
export interface CreateForm {
  accessTo: string;
  id: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  baseCommission: string;
  directions: string;
  fridgeSchema: string;
  /** '1' = 24 hours, '0' = per-day hours. */
  hours: '1' | '0';
  days: DayHoursMap;
  holidayScreenEnabled: '0' | '1';
  holidayScreenFridgeSpecific: '0' | '1';
  holidayScreenStartDate: string;
  holidayScreenEndDate: string;
  latitude: string;
  longitude: string;
  layoutName: string;
  onlineDate: string;
  percentage: string;
  prettyName: string;
  priceMapTemplate: string;
  prod: '0' | '1';
  publicStatus: string;
  reserve: '0' | '1';
  route: string;
  stop: string;
  status: string;
  taxRate: string;
  vertical: string;
  timeZone: string;
  stockingSchedule: Record<Weekday, boolean>;
}

export type CreateFormErrors = Partial<Record<string, string>>;

/**
 * The words each create-form field is labelled with (spec 1-locations §3.1:
 * 'Ready for allocation', 'Mobile Ordering'; 3-planning §2: 'Location Name',
 * 'Location ID'). The server's messages still name the field by its key.
 */
export const CREATE_LABELS: Record<Exclude<keyof CreateForm, 'hours' | 'days' | 'stockingSchedule'>, string> = {
  id: 'Location ID',
  prettyName: 'Location Name',
  accessTo: 'Access',
  street: 'Street',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  taxRate: 'Tax rate (%)',
  percentage: 'Percentage',
  baseCommission: 'Base commission',
  layoutName: 'Layout',
  fridgeSchema: 'Fridge schema',
  priceMapTemplate: 'Price map template',
  onlineDate: 'Online date',
  status: 'Status',
  publicStatus: 'Public status',
  prod: 'Ready for allocation',
  reserve: 'Mobile Ordering',
  vertical: 'Vertical',
  timeZone: 'Time zone',
  route: 'Route',
  stop: 'Stop',
  holidayScreenEnabled: 'Holiday screen',
  holidayScreenFridgeSpecific: 'Fridge-specific holiday screen',
  holidayScreenStartDate: 'Holiday screen start date',
  holidayScreenEndDate: 'Holiday screen end date',
  directions: 'Directions',
};

/** The fields the server requires (its create rules, §5.1): marked as required in the form. */
export const CREATE_REQUIRED: ReadonlySet<string> = new Set(CREATE_RULES.filter((r) => r.required).map((r) => r.field));

/** The defaults of a new location (§3.1). */
export function defaultCreateForm(): CreateForm {
  return {
    accessTo: 'Private',
    id: '',
    street: '',
    city: '',
    state: 'IL',
    zipCode: '',
    baseCommission: '',
    directions: '',
    fridgeSchema: DEFAULT_FRIDGE_SCHEMA,
    hours: '1',
    days: emptyDays(),
    holidayScreenEnabled: '0',
    holidayScreenFridgeSpecific: '0',
    holidayScreenStartDate: '',
    holidayScreenEndDate: '',
    latitude: '',
    longitude: '',
    layoutName: '',
    onlineDate: '',
    percentage: '0',
    prettyName: '',
    priceMapTemplate: DEFAULT_PRICE_MAP_TEMPLATE,
    prod: '0',
    publicStatus: 'OFFLINE',
    reserve: '0',
    route: '',
    stop: '0',
    status: 'OFFLINE',
    taxRate: '2.25',
    vertical: 'Office',
    timeZone: 'CHICAGO',
    stockingSchedule: {
      Monday: true,
      Tuesday: true,
      Wednesday: true,
      Thursday: true,
      Friday: true,
      Saturday: false,
      Sunday: false,
    },
  };
}

/** Selecting a state sets the tax rate for IL, IN, NY, NJ, PA (2.25) and WI (0). */
export function withState(form: CreateForm, state: string): CreateForm {
  const taxRate = STATE_TAX_RATES[state];
  return taxRate === undefined ? { ...form, state } : { ...form, state, taxRate };
}

/** The NEWYORK time zone forces Sunday on and Monday, Wednesday, Friday off. */
export function withTimeZone(form: CreateForm, timeZone: string): CreateForm {
  if (timeZone !== 'NEWYORK') return { ...form, timeZone };
  return {
    ...form,
    timeZone,
    stockingSchedule: {
      ...form.stockingSchedule,
      Sunday: true,
      Monday: false,
      Wednesday: false,
      Friday: false,
    },
  };
}

/**
 * Validates the create form (§5.1) with the server's own rule table, so the
 * messages are the server's. Returns errors keyed by field; empty when valid.
 */
export function validateCreateForm(form: CreateForm): CreateFormErrors {
  const values: Record<string, string> = {};
  for (const r of CREATE_RULES) values[r.field] = String(form[r.field as keyof CreateForm] ?? '');
  const e: CreateFormErrors = checkAll(CREATE_RULES, values);
  if (form.hours === '0') {
    for (const d of WEEKDAYS) {
      const { from, to } = form.days[d];
      const s = DAY_SHORT[d];
      const missing = CUSTOM_HOURS_MESSAGE.replace('{day}', d);
      if (from.trim() === '') e[`from${s}`] = missing;
      if (to.trim() === '') e[`to${s}`] = missing;
      // The server's hours rule (§5.2), shared with the detail editor.
      else if (from.trim() !== '' && to <= from) e[`to${s}`] = startBeforeEndMessage(d);
    }
  }
  return e;
}

/**
 * The flat createLocation payload (API contract): empty fields dropped,
 * hours 1/0, per-day fromMon..toSun only for custom hours, stockingSchedule 0/1.
 */
export function buildCreatePayload(form: CreateForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (k: string, v: string) => {
    const t = v.trim();
    if (t !== '') out[k] = t;
  };
  const simple: (keyof CreateForm & string)[] = [
    'accessTo',
    'id',
    'street',
    'city',
    'state',
    'zipCode',
    'baseCommission',
    'directions',
    'fridgeSchema',
    'holidayScreenEnabled',
    'holidayScreenFridgeSpecific',
    'holidayScreenStartDate',
    'holidayScreenEndDate',
    'latitude',
    'longitude',
    'layoutName',
    'onlineDate',
    'percentage',
    'prettyName',
    'priceMapTemplate',
    'prod',
    'publicStatus',
    'reserve',
    'route',
    'stop',
    'status',
    'taxRate',
    'vertical',
    'timeZone',
  ];
  for (const k of simple) put(k, String(form[k] ?? ''));
  out.hours = form.hours === '1' ? 1 : 0;
  if (form.hours === '0') {
    for (const d of WEEKDAYS) {
      put(`from${DAY_SHORT[d]}`, form.days[d].from);
      put(`to${DAY_SHORT[d]}`, form.days[d].to);
    }
  }
  out.stockingSchedule = Object.fromEntries(WEEKDAYS.map((d) => [d, form.stockingSchedule[d] ? 1 : 0]));
  return out;
}
