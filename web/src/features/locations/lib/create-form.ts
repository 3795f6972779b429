import {
  DAY_SHORT,
  DEFAULT_FRIDGE_SCHEMA,
  DEFAULT_PRICE_MAP_TEMPLATE,
  STATE_TAX_RATES,
  WEEKDAYS,
  type Weekday,
} from './constants';
import { emptyDays, type DayHoursMap } from './hours';

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

const ID_RE = /^[A-Za-z0-9_]+$/;
const ZIP_RE = /^\d{5}(-\d{4})?$/;
const COORD_RE = /^-?\d+\.\d{1,7}$/;
const PERCENT_RE = /^\d+(\.\d{1,2})?$/;
const DEC3_RE = /^\d+(\.\d{1,3})?$/;
const DIGITS_RE = /^\d+$/;

const blank = (v: string) => v.trim() === '';

/** Validates the create form (§5.1). Returns errors keyed by field; empty when valid. */
export function validateCreateForm(form: CreateForm): CreateFormErrors {
  const e: CreateFormErrors = {};
  const required = (field: keyof CreateForm & string) => {
    if (blank(String(form[field] ?? ''))) {
      e[field] = `${field} cannot be empty`;
      return false;
    }
    return true;
  };

  if (required('id') && !ID_RE.test(form.id.trim())) {
    e.id = 'id may contain only letters, digits and underscore';
  }
  required('street');
  required('city');
  required('directions');
  required('prettyName');
  if (required('zipCode') && !ZIP_RE.test(form.zipCode.trim())) {
    e.zipCode = 'zipCode should be 5 digits, optionally followed by a dash and 4 digits';
  }
  if (required('latitude')) {
    const v = form.latitude.trim();
    if (!COORD_RE.test(v) || Number(v) < 28 || Number(v) > 49) {
      e.latitude = 'latitude should be a number in the range of 28 to 49 with 1 to 7 decimals';
    }
  }
  if (required('longitude')) {
    const v = form.longitude.trim();
    if (!COORD_RE.test(v) || Number(v) < -128 || Number(v) > -67) {
      e.longitude = 'longitude should be a number in the range of -128 to -67 with 1 to 7 decimals';
    }
  }
  if (!blank(form.percentage)) {
    const v = form.percentage.trim();
    if (!PERCENT_RE.test(v) || Number(v) > 100) {
      e.percentage = 'percentage should be a number in the range of 0 to 100 with at most 2 decimals';
    }
  }
  if (required('taxRate')) {
    const v = form.taxRate.trim();
    if (!DEC3_RE.test(v) || Number(v) >= 30) {
      e.taxRate = 'taxRate should be a number in the range of 0 to 29.999 with at most 3 decimals';
    }
  }
  if (!blank(form.stop) && !DIGITS_RE.test(form.stop.trim())) {
    e.stop = 'stop should contain digits only';
  }
  if (!blank(form.baseCommission) && !DEC3_RE.test(form.baseCommission.trim())) {
    e.baseCommission = 'baseCommission should be a number of at least 0 with at most 3 decimals';
  }
  required('layoutName');
  required('fridgeSchema');
  required('priceMapTemplate');
  required('onlineDate');

  if (form.hours === '0') {
    for (const d of WEEKDAYS) {
      const { from, to } = form.days[d];
      const s = DAY_SHORT[d];
      if (blank(from)) e[`from${s}`] = `from${s} cannot be empty`;
      if (blank(to)) e[`to${s}`] = `to${s} cannot be empty`;
      else if (!blank(from) && to < from) e[`to${s}`] = `to${s} cannot be before from${s}`;
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
    'accessTo', 'id', 'street', 'city', 'state', 'zipCode', 'baseCommission', 'directions',
    'fridgeSchema', 'holidayScreenEnabled', 'holidayScreenFridgeSpecific', 'holidayScreenStartDate',
    'holidayScreenEndDate', 'latitude', 'longitude', 'layoutName', 'onlineDate', 'percentage',
    'prettyName', 'priceMapTemplate', 'prod', 'publicStatus', 'reserve', 'route', 'stop', 'status',
    'taxRate', 'vertical', 'timeZone',
  ];
  for (const k of simple) put(k, String(form[k] ?? ''));
  out.hours = form.hours === '1' ? 1 : 0;
  if (form.hours === '0') {
    for (const d of WEEKDAYS) {
      put(`from${DAY_SHORT[d]}`, form.days[d].from);
      put(`to${DAY_SHORT[d]}`, form.days[d].to);
    }
  }
  out.stockingSchedule = Object.fromEntries(
    WEEKDAYS.map((d) => [d, form.stockingSchedule[d] ? 1 : 0]),
  );
  return out;
}
