// Generated from the Rust handlers by web/codegen/rest-types.mjs: do not edit.
import type { LocationId, RequestId, StockingDate, UploadId } from '../../lib/brands';

export type CouponType = 'AMOUNT' | 'PERCENT';
/**
 * The value as sent: a number, or a number written as text ("50").
 */
export type CouponValue = number | string;

/**
 * Generated from the Rust handlers' types by `fleet-local contract`: do not edit.
 */
export interface RestRequests {
  add_location: NewLocationBody;
  add_user_permission: PermissionArgs;
  bulk_locations_commit: UploadRequest;
  bulk_locations_dry_run: UploadRequest;
  bulk_schedule_commit: UploadRequest;
  bulk_schedule_dry_run: UploadRequest;
  driver_log_emails: EmailArgs;
  driver_log_report: RangeArgs;
  driver_routes_commit: UploadRequest;
  driver_routes_dry_run: UploadRequest;
  empty_channel_report: DayArgs;
  forecast_dry_run: UploadRequest;
  forecast_update: UpdateBody;
  forecast_upload_status: UploadStatusArgs;
  forecast_upload_url: UploadUrlArgs;
  forecast_view: ForecastViewArgs;
  generate_coupon: GenerateArgs;
  get_user_permissions: NoArgs;
  location_inventory: InventoryArgs;
  location_schedule: PathId;
  my_coupons: NoArgs;
  pars_archive: ArchiveRequest;
  pars_dry_run: UploadRequest;
  pars_report: ReportArgs;
  planograms_dry_run: UploadRequest;
  prices_dry_run: UploadRequest;
  remove_user_permission: PermissionArgs;
  route_drivers_commit: UploadRequest;
  route_drivers_dry_run: UploadRequest;
  route_schedule_commit: UploadRequest;
  route_schedule_dry_run: UploadRequest;
  route_temperatures_report: RangeArgs;
  stock_outs_report: DayArgs;
}
/**
 * POST /locations: the body's fields are the location's.
 */
export interface NewLocationBody {
  [k: string]: unknown | undefined;
}
/**
 * The body of a grant or a removal, as sent: `user` and `action`, nothing else.
 */
export interface PermissionArgs {
  action: string | null;
  user: string | null;
}
export interface UploadRequest {
  fileName: string;
  /**
   * A commit's declaration of each group it holds: the row count the dry
   * run gave it (kinds whose rows land in groups).
   */
  groups?: {
    [k: string]: number | undefined;
  } | null;
  rows: RawRow[];
  /**
   * Chosen by the browser once per file (a UUID); the idempotency key.
   */
  uploadId: UploadId;
}
/**
 * One row of the file: its line number as the user sees it (header = 1)
 * and its cells by column name.
 */
export interface RawRow {
  row: number;
  values: {
    [k: string]: unknown | undefined;
  };
}
/**
 * cognitoemails' query parameters: the users asked about, and the driver
 * log's range they are looked for in (taken as the driver log takes it).
 */
export interface EmailArgs {
  endTime: string | null;
  /**
   * Comma-separated user ids, checked by `UserIds::parse`.
   */
  ids: string | null;
  /**
   * Epoch seconds as text, checked by `range::range` as the driver log's.
   */
  startTime: string | null;
}
/**
 * A range report's query parameters (epoch seconds as text, checked by `range::range`).
 */
export interface RangeArgs {
  endTime: string | null;
  nextToken?: string | null;
  startTime: string | null;
}
/**
 * A day report's path parameter (`/reports/…/{date}`).
 */
export interface DayArgs {
  /**
   * Parsed at the edge ("date must be a date (YYYY-MM-DD)"); `range::day` checks it is kept.
   */
  date: StockingDate;
}
export interface UpdateBody {
  date: string;
  item: string;
  /**
   * The quantity the user saw and changed (the Forecast view sends it): a row holding another one now was
   * changed by someone else meanwhile, and is not overwritten. Without it (the spec's body), the row as read.
   */
  previousQuantity?: number | null;
  quantity: unknown;
}
export interface UploadStatusArgs {
  uploadId: UploadId;
}
export interface UploadUrlArgs {
  fileName: string | null;
}
export interface ForecastViewArgs {
  date: string;
}
/**
 * `POST /coupons`'s body: the coupon, and the id naming this request (a retry sends it again).
 */
export interface GenerateArgs {
  endDate: string;
  imageName: string;
  requestId?: RequestId;
  startDate: string;
  type: CouponType | null;
  value: CouponValue | null;
}
/**
 * No arguments (a handler that reads none still states it).
 */
export interface NoArgs {}
export interface InventoryArgs {
  id: LocationId;
}
/**
 * The `{id}` of `GET /locations/{id}/schedule`.
 */
export interface PathId {
  id: LocationId;
}
export interface ArchiveRequest {
  csv: string;
  fileName: string;
  uploadId: UploadId;
}
export interface ReportArgs {
  /**
   * `YYYYMMDD`, from the path.
   */
  date: string;
}
