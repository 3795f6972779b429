/**
 * The values the server parses at its edge (shared/src/entity/ids.rs), as branded strings: the generated REST
 * types name them, and only the parse functions here make one, so a value that reaches a request has passed the
 * same rule the server applies (its bounds from src/generated/rules.json).
 */
import rules from '@/generated/rules.json';

declare const brand: unique symbol;
type Branded<B extends string> = string & { readonly [brand]: B };

/** A stocking (drop-off) day: `YYYY-MM-DD`, exactly ten characters, a real date. */
export type StockingDate = Branded<'StockingDate'>;
/** An upload's id: 1 to 64 letters, digits and dashes (the browser makes a UUID per file). */
export type UploadId = Branded<'UploadId'>;
/** A call's request id, sent again on a retry: not empty, at most 64 characters, no surrounding blanks. */
export type RequestId = Branded<'RequestId'>;
/** A location's id: not empty, at most 64 characters, no surrounding blanks (the create form narrows its alphabet). */
export type LocationId = Branded<'LocationId'>;
/** A recorded driver action's id, as a correction names it: as a request id. */
export type ActionId = Branded<'ActionId'>;
/** A packing slip's id, as the order system makes it: not empty, at most 128 characters. */
export type PackingSlipId = Branded<'PackingSlipId'>;
/** An instant as RFC 3339 text. */
export type FridgeTime = Branded<'FridgeTime'>;

const MAX_ID_CHARS: number = rules.ids.maxChars;
const MAX_ORDER_ID_CHARS: number = rules.ids.orderMaxChars;

export function parseStockingDate(text: string): StockingDate | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return null;
  const [y, m, d] = t.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const real = day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
  return real ? (t as StockingDate) : null;
}

export function parseUploadId(text: string): UploadId | null {
  return text.length <= MAX_ID_CHARS && /^[A-Za-z0-9-]+$/.test(text) ? (text as UploadId) : null;
}

/** An id as the server's bounded ids read it (`bounded_id!`): trimmed, not empty, at most `max` characters. */
function boundedId(text: string, max = MAX_ID_CHARS): string | null {
  const t = text.trim();
  return t && [...t].length <= max ? t : null;
}

export function parseRequestId(text: string): RequestId | null {
  return boundedId(text) as RequestId | null;
}

export function parseActionId(text: string): ActionId | null {
  return boundedId(text) as ActionId | null;
}

export function parsePackingSlipId(text: string): PackingSlipId | null {
  return boundedId(text, MAX_ORDER_ID_CHARS) as PackingSlipId | null;
}

export function parseLocationId(text: string): LocationId | null {
  return boundedId(text) as LocationId | null;
}

/** A location id from a route or a link, for a call: a text that fails the rule is an error in words. */
export function locationIdOf(text: string): LocationId {
  const id = parseLocationId(text);
  if (id === null) throw new Error(`"${text}" is not a location id`);
  return id;
}

export function parseFridgeTime(text: string): FridgeTime | null {
  const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
  return rfc3339.test(text) && !Number.isNaN(Date.parse(text)) ? (text as FridgeTime) : null;
}

/** A value a parse function refused where the code made it itself: a defect, not the user's input. */
function made<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} failed its own rule`);
  return value;
}

/** The upload id of no file chosen yet: never sent (a commit needs a checked file, which has its own). */
export const NO_UPLOAD_ID: UploadId = made(parseUploadId('no-file'), 'The no-file upload id');

/** A new upload's id (a UUID), once per file. */
export const newUploadId = (): UploadId => made(parseUploadId(crypto.randomUUID()), 'A new upload id');

/** A new request id (a UUID), once per user action; a retry sends the same one. */
export const newRequestId = (): RequestId => made(parseRequestId(crypto.randomUUID()), 'A new request id');
