import Papa from 'papaparse';

/** Customer-record export columns and the location attribute each maps to (§3.4). */
export const CRM_COLUMN_MAP: Record<string, string> = {
  POS_NAME__c: 'id',
  Fridge_State__c: 'state',
  Fridge_City__c: 'city',
  Fridge_Street__c: 'street',
  Fridge_Zipcode__c: 'zipCode',
  Sales_Tax_Rate__c: 'taxRate',
  Vertical__c: 'vertical',
  Consumer_Friendly_Location__c: 'directions',
  Consumer_Friendly_NAme__c: 'prettyName',
  Access_Type__c: 'accessTo',
  Stocking_Date__c: 'onlineDate',
  MALongitude__c: 'longitude',
  MALatitude__c: 'latitude',
};

/** Used for the validity check only. */
export const BUSINESS_HOURS_COLUMN = 'Business_Hours__c';
export const ID_COLUMN = 'POS_NAME__c';
export const EXPECTED_COLUMNS = [...Object.keys(CRM_COLUMN_MAP), BUSINESS_HOURS_COLUMN];

export type CrmRow = Record<string, string | undefined>;
export type ImportStatus = 'valid' | 'pending' | 'invalid';

export interface ImportRow {
  key: string;
  raw: CrmRow;
  payload: Record<string, unknown>;
  status: ImportStatus;
  /** Why the row is invalid, or the server's message after a failed upload. */
  message?: string;
}

/** Parses the CSV text with a header row. */
export function parseCsv(text: string): CrmRow[] {
  const result = Papa.parse<CrmRow>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  return result.data;
}

/** M/D/YYYY (and M/D/YY) to YYYY-MM-DD; other texts are kept. */
export function normaliseDate(v: string): string {
  const t = v.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const year = m[3].length === 2 ? `20${m[3]}` : m[3];
    return `${year}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  }
  const iso = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(t);
  return iso ? iso[1] : t;
}

/** Maps a record to the POST /locations payload: mapped fields, hours 1, type FRIDGE. */
export function mapRow(raw: CrmRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [col, attr] of Object.entries(CRM_COLUMN_MAP)) {
    let v = (raw[col] ?? '').trim();
    if (v === '') continue;
    if (attr === 'onlineDate') v = normaliseDate(v);
    if (attr === 'taxRate') v = v.replace(/%$/, '').trim();
    if (attr === 'state') v = v.toUpperCase();
    out[attr] = v;
  }
  out.hours = 1;
  out.type = 'FRIDGE';
  out.layoutName = 'dummy';
  return out;
}

/** §5.3: valid only with a non-empty POS_NAME__c and Business_Hours__c exactly '24 Hours'. */
export function rowProblem(raw: CrmRow): string | null {
  if ((raw[ID_COLUMN] ?? '').trim() === '') return `${ID_COLUMN} is empty`;
  if ((raw[BUSINESS_HOURS_COLUMN] ?? '') !== '24 Hours') return 'Only 24 Hours fridges are supported';
  return null;
}

export function toImportRows(records: CrmRow[]): ImportRow[] {
  return records.map((raw, i) => {
    const problem = rowProblem(raw);
    return {
      key: `${i}:${raw[ID_COLUMN] ?? ''}`,
      raw,
      payload: mapRow(raw),
      status: problem ? 'invalid' : 'valid',
      message: problem ?? undefined,
    };
  });
}
