// Generated from the Rust handlers by web/codegen/rest-types.mjs: do not edit.
import type { LocationId, UploadId } from '../../lib/brands';

export type CommitStatus = ('unchanged' | 'failed') | 'written';
export type RowStatus = 'invalid' | 'new' | 'change' | 'unchanged';
export type CouponType = 'AMOUNT' | 'PERCENT';

/**
 * Generated from the Rust handlers' types by `fleet-local contract`: do not edit.
 */
export interface RestResponses {
  add_location: LocationView;
  add_user_permission: Granted;
  bulk_locations_commit: Committed;
  bulk_locations_dry_run: DryRun;
  bulk_schedule_commit: Committed;
  bulk_schedule_dry_run: DryRun;
  driver_log_emails: Emails;
  driver_log_report: LogViewPage;
  driver_routes_commit: Committed;
  driver_routes_dry_run: DryRun;
  empty_channel_report: EmptyChannelRow[];
  forecast_dry_run: DryRun;
  forecast_update: QuantitySet;
  forecast_upload_status: UploadStatus;
  forecast_upload_url: UploadUrl;
  forecast_view: ViewRow[];
  generate_coupon: Issued;
  get_user_permissions: Permissions;
  location_inventory: InventoryView;
  location_schedule: ScheduledChangeView[];
  my_coupons: Mine;
  pars_archive: Kept;
  pars_dry_run: ParsDryRun;
  pars_report: PackingReport;
  planograms_dry_run: DryRun;
  prices_dry_run: DryRun;
  remove_user_permission: Revoked;
  route_drivers_commit: Committed;
  route_drivers_dry_run: DryRun;
  route_schedule_commit: Committed;
  route_schedule_dry_run: DryRun;
  route_temperatures_report: TemperatureRowPage;
  stock_outs_report: StockOutRow[];
}
/**
 * The flat view of a location, as the `Location` GraphQL type: each
 * attribute of the table under its flat name (AWSJSON ones as JSON text,
 * which AppSync passes through unchanged), the bookkeeping fields and the
 * fridge's zone.
 */
export interface LocationView {
  accessTo?: string | null;
  accountTier?: string | null;
  aprivaDeviceAddress?: string | null;
  baseCommission?: number | null;
  city?: string | null;
  covid19?: number | null;
  directions?: string | null;
  fridgeModel?: string | null;
  fridgeSchema?: string | null;
  fulfillmentCenter?: string | null;
  holidayScreenEnabled?: number | null;
  holidayScreenEndDate?: string | null;
  holidayScreenFridgeSpecific?: number | null;
  holidayScreenStartDate?: string | null;
  hostname?: string | null;
  hours?: string | null;
  id: string;
  ip?: string | null;
  lastModified?: string | null;
  lastModifiedBy?: string | null;
  latitude?: number | null;
  layoutName?: string | null;
  longitude?: number | null;
  onlineDate?: string | null;
  opportunityName?: string | null;
  parkToFridgeInstructions?: string | null;
  paymentGateway?: string | null;
  percentage?: number | null;
  prettyName?: string | null;
  priceMapTemplate?: string | null;
  prod?: number | null;
  publicStatus?: string | null;
  reserve?: number | null;
  route?: string | null;
  routingTag?: string | null;
  serialPort?: string | null;
  state?: string | null;
  status?: string | null;
  /**
   * AWSJSON: day -> 0 or 1.
   */
  stockingSchedule?: string | null;
  stop?: number | null;
  street?: string | null;
  taxRate?: number | null;
  timeZone?: string | null;
  timeZoneIana: string;
  timeZoneLabel: string;
  /**
   * `type`, FRIDGE when the stored item has none (`Location::kind`): the
   * schema's `String!`, so one old item cannot fail a whole page.
   */
  type: string;
  /**
   * AWSJSON: attribute -> reason of its last change.
   */
  updateReason: string;
  version?: number | null;
  vertical?: string | null;
  /**
   * AWSJSON: day -> `[[from, to]]`.
   */
  workHours?: string | null;
  zipCode?: string | null;
}
/**
 * `POST /users/permissions`: granted (also when it was held already).
 */
export interface Granted {
  action: string;
  granted: boolean;
  user: string;
}
/**
 * What a commit answers: each row's outcome and the counts.
 */
export interface Committed {
  failed: number;
  results: CommitResult[];
  uploadId: string;
  written: number;
}
export interface CommitResult {
  key: string | null;
  message?: string | null;
  row: number;
  status: CommitStatus;
}
/**
 * What a dry run answers (the wire shape of every upload's dry run).
 */
export interface DryRun {
  /**
   * Each group's row count, when the kind groups rows.
   */
  groups?: {
    [k: string]: number | undefined;
  };
  rows: RowReport[];
  summary: Summary;
  summaryText: string;
  uploadId: string;
}
export interface RowReport {
  diff: Change[];
  /**
   * Rows of one group are written together or not at all (see `UploadKind::group_of`).
   */
  group?: string | null;
  key: string | null;
  messages: string[];
  row: number;
  status: RowStatus;
  /**
   * What the user should know about a valid row; never blocks it.
   */
  warnings?: string[];
}
export interface Change {
  attribute: string;
  newValue: string;
  /**
   * JSON text, `null` when the attribute was absent.
   */
  oldValue: string;
  reason?: string | null;
}
export interface Summary {
  change: number;
  invalid: number;
  new: number;
  total: number;
  unchanged: number;
}
/**
 * `{emails: {userId: email}}`.
 */
export interface Emails {
  emails: {
    [k: string]: string | undefined;
  };
}
/**
 * One page of a list and the token of the next (GraphQL `{items, nextToken}`).
 */
export interface LogViewPage {
  items: LogView[];
  nextToken: string | null;
}
/**
 * An entry as the Driver Log report reads it: the stored names without the
 * keys, `message` null when none.
 */
export interface LogView {
  action_time: string;
  fridge: string;
  message: string | null;
  operation: string;
  requestId: string;
  type: string;
  uuid: string;
}
/**
 * An empty channel row as the screen reads it.
 */
export interface EmptyChannelRow {
  /**
   * Central date and time of `timestamp`.
   */
  date: string;
  kioskName: string;
  lastedMinutes: number | null;
  logicalColumn: string | null;
  logicalRow: string | null;
  market: string | null;
  restockedAt: string | null;
  route: string | null;
  slot: string;
  time: string;
  timestamp: string;
  vendItemName: string;
}
/**
 * The quantity as it was set.
 */
export interface QuantitySet {
  date: string;
  item: string;
  quantity: number;
}
/**
 * Where an upload is, as the browser follows it.
 */
export interface UploadStatus {
  errors: string[];
  fileName: string;
  state: string;
  unchanged: number;
  updatedAt: string;
  uploadId: string;
  written: number;
}
/**
 * A presigned PUT and the upload it starts.
 */
export interface UploadUrl {
  expiresInSeconds: number;
  key: string;
  uploadId: UploadId;
  url: string;
}
/**
 * One item's quantity as the forecast view lists it: the spec's forecast row (Item, Quantity, Date), with the
 * file's own column names.
 */
export interface ViewRow {
  /**
   * The allocation date, YYYY-MM-DD.
   */
  Date: string;
  Item: string;
  Quantity: number | null;
}
/**
 * The answer of `POST /coupons`: the code's view with the spec's `statusCode`.
 */
export interface Issued {
  couponCode: string;
  createdAt: string;
  endDate: string;
  reason: string;
  redeemed: boolean;
  startDate: string;
  statusCode: number;
  type: CouponType;
  value: string;
}
/**
 * `GET /users/permissions`: every user with their actions, the groups and
 * actions to choose from, and the latest changes.
 */
export interface Permissions {
  actions: string[];
  changes: RecordView[];
  groups: GroupView[];
  users: UserPermissions[];
}
/**
 * A history record as the screens read it (GraphQL `HistoryRecord`).
 */
export interface RecordView {
  at: string;
  changes: ChangeView[];
  source: string;
  who: string;
}
/**
 * One attribute's change as the screens read it: `reason` is always present (null when none).
 */
export interface ChangeView {
  attribute: string;
  newValue: string;
  oldValue: string;
  reason: string | null;
}
/**
 * A group of actions as the Permissions screen shows it.
 */
export interface GroupView {
  actions: string[];
  group: string;
}
export interface UserPermissions {
  actions: string[];
  email: string;
  user: string;
}
/**
 * `GET /locations/{id}/inventory` in the spec's shape (`shelf_life` is spelled so there).
 */
export interface InventoryView {
  /**
   * Item name to its image URL (null when none).
   */
  images: {
    [k: string]: (string | null) | undefined;
  };
  inventory: Snapshot;
  location: LocationId;
  /**
   * Item name to its shelf life in days (null when the fridge reported none).
   */
  shelf_life: {
    [k: string]: (number | null) | undefined;
  };
  timestamp: string | null;
}
export interface Snapshot {
  payload: Payload;
}
export interface Payload {
  itemsBySlot: {
    [k: string]: SlotView | undefined;
  };
}
/**
 * A slot as the spec's `itemsBySlot` shows it.
 */
export interface SlotView {
  itemsInSlot: UnitView[];
  slotItemName: string;
}
/**
 * One unit as the view shows it.
 */
export interface UnitView {
  atRisk: boolean;
  expiry: string | null;
  /**
   * UNKNOWN without a shelf life (or one past the calendar).
   */
  expiryText: string;
  productionDate: string;
  productionText: string | null;
  shelfLifeDays: number | null;
  vendItemName: string;
}
/**
 * The GraphQL `ScheduledChange` (AWSJSON `change.value` stays JSON text),
 * in the fridge's time, with its allocation deadline warning if any.
 */
export interface ScheduledChangeView {
  actionTime: string;
  change: ChangeBody;
  deadlineWarning: string | null;
  failedAt: string | null;
  failureReason: string | null;
  id: string;
  /**
   * `actionTime` in the fridge's zone, `YYYY-MM-DD HH:MM`.
   */
  localActionTime: string | null;
  /**
   * PENDING, or FAILED once moved aside.
   */
  status: string;
  timeZoneLabel: string;
  user: string;
  uuid: string;
  version: number;
}
export interface ChangeBody {
  attribute: string;
  id: string;
  table: string;
  /**
   * JSON text: exactly what was scheduled.
   */
  value: string;
}
/**
 * `GET /coupons/mine`'s answer.
 */
export interface Mine {
  coupons: View[];
}
/**
 * A code as `GET /coupons/mine` lists it.
 */
export interface View {
  couponCode: string;
  createdAt: string;
  endDate: string;
  reason: string;
  redeemed: boolean;
  startDate: string;
  type: CouponType;
  value: string;
}
/**
 * Where a kept file went, and whether it was stored.
 */
export interface Kept {
  key: string;
  stored: boolean;
}
/**
 * The dry run of a par file: the pipeline's answer, and the orders its
 * valid rows make, in the chunks the browser sends to `uploadParMaps` as
 * they are (the grouping is the server's alone).
 */
export interface ParsDryRun {
  /**
   * Each chunk at most `CHUNK_GROUPS` orders: one `uploadParMaps` call.
   */
  chunks: ParGroup[][];
  /**
   * Each group's row count, when the kind groups rows.
   */
  groups?: {
    [k: string]: number | undefined;
  };
  rows: RowReport[];
  summary: Summary;
  summaryText: string;
  uploadId: string;
}
export interface ParGroup {
  deliveryDate: string;
  dropOffDate: string;
  jit: boolean;
  /**
   * The items whose rows said jit (the order's JIT allocation items);
   * empty with `jit` set means every item (the spec's group carries one flag).
   */
  jitItems: string[];
  location: string;
  overCapacityAmountsAndItems: ItemOverCapacity[];
  parsAndItems: ItemPar[];
  priorityBoostItems: string[];
  /**
   * Empty counts as 1 (§5).
   */
  stockingIndex: number | null;
}
export interface ItemOverCapacity {
  itemName: string;
  overCapacityAmount: number;
}
export interface ItemPar {
  itemName: string;
  pars: number;
}
/**
 * The packing report of a drop-off date.
 */
export interface PackingReport {
  /**
   * `YYYY-MM-DD`.
   */
  date: string;
  locations: LocationPacking[];
}
/**
 * One location's driver (its route) and needs; the report's field names are the packing tool's.
 */
export interface LocationPacking {
  /**
   * Units needed per item.
   */
  data_ids: {
    [k: string]: number | undefined;
  };
  driver: string;
  location: string;
  slots: Slot[];
}
export interface Slot {
  bay: string;
  item: string;
  need: number;
  zone: string;
}
/**
 * `POST /users/permissions/remove`: `removed` false when it was not held.
 */
export interface Revoked {
  action: string;
  removed: boolean;
  user: string;
}
/**
 * One page of a list and the token of the next (GraphQL `{items, nextToken}`).
 */
export interface TemperatureRowPage {
  items: TemperatureRow[];
  nextToken: string | null;
}
/**
 * Route temperature rows (§3): Location, DateTime (epoch seconds),
 * Temperature, assignedRoute, and Kind (issue 39): "At stop" for a
 * LocationStocked reading, whose route is the stop's that day (`null` when
 * the stop is not on a route; `routes` maps (day, location, stocking index)
 * to it), and "Van" for a VanTemperature, at the location where it was
 * recorded (often the depot), with the route it names.
 */
export interface TemperatureRow {
  /**
   * Epoch seconds.
   */
  DateTime: number;
  /**
   * "At stop" or "Van".
   */
  Kind: string;
  Location: string;
  Temperature: number;
  assignedRoute: string | null;
  occurredAt: string;
  stockingIndex: number | null;
}
/**
 * A stock-out row as the screen reads it (§3 names its first columns in capitals).
 */
export interface StockOutRow {
  Date: string;
  Item: string;
  Location: string;
  Time: string;
  hoursToNextStop: number | null;
  lastedMinutes: number | null;
  market: string | null;
  nextStop: string | null;
  restockedAt: string | null;
  route: string | null;
  timestamp: string;
}
