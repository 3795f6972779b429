/** Business constants of the locations area (spec 1-locations §3, §4, §9). */

/** Contiguous US states plus DC (lat/long validation only admits the contiguous US). */
export const STATES = [
  'AL',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** Selecting one of these states sets the tax rate (§5.1). */
export const STATE_TAX_RATES: Record<string, string> = {
  IL: '2.25',
  IN: '2.25',
  NY: '2.25',
  NJ: '2.25',
  PA: '2.25',
  WI: '0',
};

export const VERTICALS = [
  'Airport',
  'B&I',
  'Education',
  'Healthcare',
  'Marketing',
  'Office',
  'Other',
  'Retail',
  'Travel/Leisure',
  'Testing',
  'Residential Property',
] as const;

export interface Option {
  value: string;
  label: string;
}

/** Time zones offered by the create form. */
export const CREATE_TIME_ZONES: Option[] = [
  { value: 'CHICAGO', label: 'Central' },
  { value: 'NEWYORK', label: 'Eastern' },
  { value: 'DENVER', label: 'Mountain' },
  { value: 'LOSANGELES', label: 'Pacific' },
];

/** The detail screen also offers INDIANAPOLIS. */
export const DETAIL_TIME_ZONES: Option[] = [...CREATE_TIME_ZONES, { value: 'INDIANAPOLIS', label: 'Indianapolis' }];

export const SERIAL_PORTS = ['ttyS0', 'ttyS1', 'ttyUSB0'] as const;
export const LIVE_OFFLINE = ['LIVE', 'OFFLINE'] as const;
export const LIST_STATUSES = ['LIVE', 'DEAD', 'OFFLINE'] as const;
export const ACCESS_TO = ['Private', 'Public'] as const;

export const ALLOCATION_REASONS = [
  'End of Holiday Break',
  'First Stocking',
  'Fridge being removed',
  'Fridge not getting removed',
  'Holiday Break',
  'Other',
] as const;

export const RESERVE_REASONS = [
  'Always on for new fridge',
  'Connectivity issues resolved',
  'Connectivity issues',
  "Customer doesn't want to be listed in the app or on the website",
  'Customer requested to turn off',
  'Customer requested to turn on',
] as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Three-letter keys used by the flat create payload (fromMon, toMon, ...). */
export const DAY_SHORT: Record<Weekday, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
  Sunday: 'Sun',
};

/** Default option of each name list (§3.1). */
export const DEFAULT_LAYOUT: Option = { value: 'dummy', label: 'Default' };
export const DEFAULT_FRIDGE_SCHEMA = 'MW_STANDARD/latest';
export const DEFAULT_PRICE_MAP_TEMPLATE = 'PMT_STANDARD';

/**
 * IP validation is skipped when the value contains the company host marker
 * (§5.2). The spec does not spell the marker; it is kept in this one place.
 */
export const IP_HOST_MARKER = '.fleet.internal';

/** Complete Now re-schedules a change this many milliseconds ahead (§9). */
export const COMPLETE_NOW_DELAY_MS = 5000;

/** Locations cache is refreshed fully when older than 2 days (§9). */
export const CACHE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
export const LOCATIONS_PAGE_SIZE = 2500;

export const MESSAGES = {
  createFailure: 'Unable to Submit new location, Check your internet and your permissions',
  loadLocationFailure: 'Unable to load this location, Please check your internet and your permissions',
  loadLayoutNames: 'Unable to load Layout names, Please check your internet and your permissions',
  loadPriceMapTemplates: 'Unable to load Price map templates, Please check your internet and your permissions',
  loadFridgeSchemaTemplates: 'Unable to load Fridge Schema templates, Please check your internet and your permissions',
  loadLocationsFailure: 'Unable to load locations, Please check your internet and your permissions',
  updateSuccess: 'Successfully updated',
  updateFailure: 'Unable to Edit, Please check your internet and your permissions',
  deviceAddressFailure: 'Unable to generate Apriva device address. Please check your internet and your permissions',
  invalidOption: 'Please select a valid option from the dropdown',
  reasonEmpty: 'Reason cannot be empty',
  confirmDelete: 'Are you sure want to delete this item?',
  proceed: 'How would you like to proceed?',
  scheduledChanges: 'Scheduled Changes:',
  noScheduledChanges: 'No Scheduled Changes',
  uploading: 'Uploading Locations…',
} as const;
