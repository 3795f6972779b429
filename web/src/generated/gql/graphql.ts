/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AcknowledgeAttentionInput = {
  /** The item's key (AttentionItem.key). */
  key: string;
  /** What the operator is doing about it (required, at most 500 characters). */
  note: string;
  /** The caller's id for this acknowledgement (at most 64 characters); a retry sends the same one. */
  requestId: string;
  /** YYYY-MM-DD: the dashboard's stocking date. */
  stockingDay: string;
};

export type AssignRouteDriverInput = {
  /** The driver's e-mail; null or empty leaves the route without a driver. */
  driverEmail?: string | null | undefined;
  /** The version read (0 when the route had no driver): a change by someone else since is refused (409). */
  expectedVersion: number;
  /** The caller's own id of this change: a retry with the same id answers the first result. */
  requestId: string;
  route: string;
  stockingDate: string;
};

/** A command's fate: PENDING (recorded, not yet taken by the queue), SENT (waiting for the fridge), DONE or FAILED (as the fridge reported, or the queue refused it), EXPIRED (not sent before notAfter: never sent). */
export type CommandState =
  | 'DONE'
  | 'EXPIRED'
  | 'FAILED'
  | 'PENDING'
  | 'SENT';

export type CorrectLocationStockedInput = {
  /** The LocationStocked action's id (the dashboard row's stockedActionId). */
  actionId: string;
  /** VOID (it did not happen) or RETIME (it happened at occurredAt). */
  change: string;
  locationId: string;
  /** RETIME only: the new time, with its offset, within the same stocking day and not in the future. */
  occurredAt?: string | null | undefined;
  /** Why (required, at most 100 characters). */
  reason: string;
  /** The caller's id for this correction (at most 64 characters); a retry sends the same one. */
  requestId: string;
  /** YYYY-MM-DD: the stocking day the action is filed under. */
  stockingDay: string;
};

/** A driver action to record. data is the JSON text of the event type's shape (docs/api-contract.md). */
export type CreateDriverActionInput = {
  data: string;
  eventType: string;
  locationId: string;
  /** The device's time of the action, with its offset; within 36 hours before and 5 minutes after the server's clock. */
  occurredAt: string;
  /** The app's id of this action: a retry with the same id and content answers the first result. */
  requestId: string;
};

/** Whether one part of the dashboard was read; FAILED shows that part's warning (docs/api-contract.md). */
export type DashboardPartState =
  | 'FAILED'
  | 'OK';

export type DeleteScheduleChangeInput = {
  actionTime: string;
  uuid: string;
};

export type FridgeHealthFilter = {
  locationIds: Array<string>;
};

export type FridgeSoftwarePilotInput = {
  active?: boolean | null | undefined;
  description: string;
  displayName: string;
  endDate: string;
  fridgeIds: Array<string>;
  id: string;
  stage: number;
  startDate: string;
  /** The version loaded, to edit that pilot; omitted for a new pilot (a taken id is refused with 409). */
  version?: number | null | undefined;
};

export type GenerateDeviceAddressInput = {
  locationId: string;
};

export type ItemOverCapacityInput = {
  itemName: string;
  overCapacityAmount: number;
};

export type ItemParInput = {
  itemName: string;
  pars: number;
};

export type ItemPriceInput = {
  item: string;
  /** The row's line in the file (header = 1). */
  line: number;
  price: string;
  schemaId: string;
};

export type JitLocationsInput = {
  dropOffDate: string;
};

/** 2-fleet §3 JIT update input. */
export type JitUpdateInput = {
  /** Must be the caller's e-mail. */
  emailAddress: string;
  jitIndicator: boolean;
  /** One of the 2-fleet §5 JIT reasons; required to turn JIT off. */
  reason?: string | null | undefined;
  stockingId: string;
};

export type LocationsFilter = {
  /** Page size, at most 2500 (the default). */
  count?: number | null | undefined;
  id?: string | null | undefined;
  /** LIVE, OFFLINE or DEAD. */
  status?: string | null | undefined;
};

export type ParGroupInput = {
  deliveryDate: string;
  dropOffDate: string;
  jit: boolean;
  /** The items whose rows said jit (the order's JIT allocation items); none with jit set means every item. */
  jitItems?: Array<string> | null | undefined;
  location: string;
  overCapacityAmountsAndItems?: Array<ItemOverCapacityInput> | null | undefined;
  parsAndItems: Array<ItemParInput>;
  priorityBoostItems?: Array<string> | null | undefined;
  /** Empty counts as 1. */
  stockingIndex?: number | null | undefined;
};

export type PlanogramRequestType =
  | 'CREATE'
  | 'UPDATE';

/** A planogram file row. Fields stay optional so a missing one gets the rule's message. */
export type PlanogramUpdateInput = {
  /** MM/DD/YYYY hh:mm:ss read as Central time, or ISO with an offset (UPDATE only). */
  activeHour?: string | null | undefined;
  layoutName?: string | null | undefined;
  /** The row's line in the file (header = 1). */
  line?: number | null | undefined;
  /** CREATE only. */
  physicalFridgeConfig?: string | null | undefined;
  requestType: PlanogramRequestType;
  slot?: string | null | undefined;
  vendItemName?: string | null | undefined;
};

export type QueueMessageInput = {
  /** Resource. */
  messageType: string;
  payload: QueueMessagePayloadInput;
};

export type QueueMessagePayloadInput = {
  /** ENABLE or DISABLE for SafetyHold and OutOfOrder; DisplayServices or ReactUI for ServiceRestart; none for VendingUnitReset. */
  operation?: string | null | undefined;
  /** ServiceRestart, VendingUnitReset, SafetyHold or OutOfOrder. */
  resource: string;
};

export type RevertDropOverrideInput = {
  dropOffDate: string;
  packingSlipId: string;
  /** Why the recorded status is reverted (required). */
  reason: string;
};

export type ScheduleChangeFilter = {
  id: string;
};

/** Exactly one of dateTime (an absolute instant) or localDateTime (wall time in the fridge's own time zone) is given. */
export type ScheduleChangeInput = {
  attribute: string;
  dateTime?: string | null | undefined;
  /** YYYY-MM-DDTHH:MM[:SS] read in the location's timeZone. */
  localDateTime?: string | null | undefined;
  location: string;
  value: string;
};

export type SetRouteClaimsInput = {
  claimsAllowed: boolean;
  /** The version read: a change by someone else since is refused (409). */
  expectedVersion: number;
  /** The caller's own id of this change: a retry with the same id answers the first result. */
  requestId: string;
};

/** A route's rows as the browser shows them: the rowsDigest they came with. */
export type ShownDashboardRoute = {
  digest: string;
  route: string;
};

export type StockingDashboardFilter = {
  /** YYYY-MM-DD */
  dropOffDate: string;
  /** ALL, MW, NE, WC or S; left out: ALL. */
  market?: string | null | undefined;
  /** ALL, MW, NE, WC or S (a region is its one market); left out: ALL. */
  region?: string | null | undefined;
  /** At most 100; left out or empty: every route of the date. */
  routes?: Array<string> | null | undefined;
};

export type SyncLogiNextInput = {
  endDate: string;
  fulfillmentCenters: Array<string>;
  /** Names this attempt: a retry with the same id answers the first result. */
  requestId?: string | null | undefined;
  /** YYYY-MM-DD, not before today (Central). */
  startDate: string;
};

export type DropOffSummaryQueryVariables = Exact<{
  dropOffDate: string;
}>;


export type DropOffSummaryQuery = { dropOffSummary: { dropOffDate: string, unconfirmed: number, rows: Array<{ extendedId: string, locationId: string, locationType: string, routeId: string | null, packingSlipId: string, stockingIndex: number, pickDate: string, dropStatus: string, statusReason: string | null, createdBy: string | null, locked: boolean }> } };

export type DropOverrideHistoryQueryVariables = Exact<{
  dropOffDate: string;
  packingSlipId: string;
  nextToken?: string | null | undefined;
}>;


export type DropOverrideHistoryQuery = { dropOverrideHistory: { nextToken: string | null, items: Array<{ at: string, who: string, source: string, changes: Array<{ attribute: string, oldValue: unknown, newValue: unknown, reason: string | null }> }> } };

export type OverrideDropMutationVariables = Exact<{
  input: CreateDriverActionInput;
}>;


export type OverrideDropMutation = { createDriverAction: { id: string } };

export type RevertDropOverrideMutationVariables = Exact<{
  input: RevertDropOverrideInput;
}>;


export type RevertDropOverrideMutation = { revertDropOverride: { dropOffDate: string, packingSlipId: string, dropStatus: string, revertedStatus: string } };

export type CreateQueueMessageMutationVariables = Exact<{
  location: string;
  message: QueueMessageInput;
  requestId: string;
}>;


export type CreateQueueMessageMutation = { createQueueMessage: { id: string, timestamp: string, messageId: string, messageType: string, operation: string | null, resource: string, sentBy: string | null, state: CommandState, doneAt: string | null } };

export type FleetHealthSnapshotQueryVariables = Exact<{ [key: string]: never; }>;


export type FleetHealthSnapshotQuery = { fleetHealthSnapshot: { url: string | null, asOf: string | null, fridges: number } };

export type FridgeTemperaturesQueryVariables = Exact<{
  location: string;
  hours?: number | null | undefined;
}>;


export type FridgeTemperaturesQuery = { fridgeTemperatures: Array<{ timestamp: string, temperature: number }> };

export type GetFridgeEventsQueryVariables = Exact<{
  location: string;
  eventTypes?: Array<string> | string | null | undefined;
  nextToken?: string | null | undefined;
}>;


export type GetFridgeEventsQuery = { getFridgeEvents: { nextToken: string | null, items: Array<{ location: string, eventType: string, timestamp: string }> } };

export type FridgeHealthQueryVariables = Exact<{
  filter: FridgeHealthFilter;
}>;


export type FridgeHealthQuery = { fridgeHealth: Array<{ locationId: string, jofemarState: string | null, safetyHold: boolean | null, safetyHoldTs: string | null, inaccessible: boolean | null, outOfOrder: boolean | null, outOfOrderTs: string | null, hdmi: boolean | null, elo: boolean | null, cardReader: boolean | null, electricalLayout: boolean | null, timezone: string | null, activeTicket: boolean | null, temperature: number | null, temperatureSetpoint: number | null, timestamp: string | null, serverVersion: string | null, allReasons: Array<string> | null, networkSpeed: { previousSpeed: number | null } | null, connectedLayout: Array<{ x: number, y: number }> | null, recycleDoorState: { doorState: string | null, lockState: string | null } | null, sundryDoorState: { doorState: string | null, lockState: string | null } | null, liteFridgeState: { topShellLatchState: string | null, bottomShellLatchState: string | null, shellLockState: string | null, status: string | null } | null }> };

export type GetFridgeSegmentEventsQueryVariables = Exact<{
  location: string;
  types?: Array<string> | string | null | undefined;
  nextToken?: string | null | undefined;
}>;


export type GetFridgeSegmentEventsQuery = { getFridgeSegmentEvents: { nextToken: string | null, items: Array<{ eventType: string, date: string, payload: unknown }> } };

export type FridgeHealthFieldsFragment = { locationId: string, jofemarState: string | null, safetyHold: boolean | null, safetyHoldTs: string | null, inaccessible: boolean | null, outOfOrder: boolean | null, outOfOrderTs: string | null, hdmi: boolean | null, elo: boolean | null, cardReader: boolean | null, electricalLayout: boolean | null, timezone: string | null, activeTicket: boolean | null, temperature: number | null, temperatureSetpoint: number | null, timestamp: string | null, serverVersion: string | null, allReasons: Array<string> | null, networkSpeed: { previousSpeed: number | null } | null, connectedLayout: Array<{ x: number, y: number }> | null, recycleDoorState: { doorState: string | null, lockState: string | null } | null, sundryDoorState: { doorState: string | null, lockState: string | null } | null, liteFridgeState: { topShellLatchState: string | null, bottomShellLatchState: string | null, shellLockState: string | null, status: string | null } | null };

export type OnCommandChangedSubscriptionVariables = Exact<{
  locationId: string;
}>;


export type OnCommandChangedSubscription = { onCommandChanged: { locationId: string, messageId: string, state: CommandState, changedAt: string } | null };

export type ReadQueueMessagesQueryVariables = Exact<{
  id: string;
  count?: number | null | undefined;
  nextToken?: string | null | undefined;
}>;


export type ReadQueueMessagesQuery = { readQueueMessages: { nextToken: string | null, items: Array<{ id: string, timestamp: string, messageId: string, messageType: string, operation: string | null, resource: string, sentBy: string | null, state: CommandState, doneAt: string | null }> } };

export type SendConfirmedInventoryAndConfirmedReservationMutationVariables = Exact<{
  locationId: string;
}>;


export type SendConfirmedInventoryAndConfirmedReservationMutation = { sendConfirmedInventoryAndConfirmedReservation: { success: boolean, message: string | null } };

export type JitManagementQueryVariables = Exact<{
  input: JitLocationsInput;
}>;


export type JitManagementQuery = { jitManagement: { dropOffDate: string, rows: Array<{ stockingId: string, region: string, market: string, routeId: string, locationId: string, stop: number, stockingIndex: number, jitEnabled: string | null, stockedTimeUTC: string | null, jitUnits: number, lockedReason: string | null, update: { jit: boolean, reason: string | null, email: string, updatedAt: string } | null }> } };

export type UpdateJitLocationStatusMutationVariables = Exact<{
  input: Array<JitUpdateInput> | JitUpdateInput;
}>;


export type UpdateJitLocationStatusMutation = { updateJITLocationStatus: Array<{ stockingId: string, message: string, orderId: string | null, jitStatusUpdate: boolean, jitAllocationItemsClear: boolean, error: string | null }> };

export type CreateLocationMutationVariables = Exact<{
  input: string;
}>;


export type CreateLocationMutation = { createLocation: { id: string } };

export type CreateScheduleChangeMutationVariables = Exact<{
  input: Array<ScheduleChangeInput> | ScheduleChangeInput;
}>;


export type CreateScheduleChangeMutation = { createScheduleChange: Array<{ uuid: string, actionTime: string }> };

export type DeleteScheduleChangeMutationVariables = Exact<{
  input: DeleteScheduleChangeInput;
}>;


export type DeleteScheduleChangeMutation = { deleteScheduleChange: boolean };

export type GenerateAprivaDeviceAddressMutationVariables = Exact<{
  input: GenerateDeviceAddressInput;
}>;


export type GenerateAprivaDeviceAddressMutation = { generateAprivaDeviceAddress: string };

export type LocationHistoryQueryVariables = Exact<{
  id: string;
  nextToken?: string | null | undefined;
}>;


export type LocationHistoryQuery = { locationHistory: { nextToken: string | null, items: Array<{ at: string, who: string, source: string, changes: Array<{ attribute: string, oldValue: unknown, newValue: unknown, reason: string | null }> }> } };

export type UpcomingScheduleChangesQueryVariables = Exact<{
  days?: number | null | undefined;
}>;


export type UpcomingScheduleChangesQuery = { upcomingScheduleChanges: Array<{ uuid: string, actionTime: string, id: string, user: string | null, version: number | null, localActionTime: string | null, timeZoneLabel: string | null, status: string, failureReason: string | null, failedAt: string | null, deadlineWarning: string | null, change: { id: string, table: string, attribute: string, value: unknown } }> };

export type ReadScheduleChangeQueryVariables = Exact<{
  filter: ScheduleChangeFilter;
}>;


export type ReadScheduleChangeQuery = { readScheduleChange: Array<{ uuid: string, actionTime: string, id: string, user: string | null, version: number | null, localActionTime: string | null, timeZoneLabel: string | null, status: string, failureReason: string | null, failedAt: string | null, deadlineWarning: string | null, change: { id: string, table: string, attribute: string, value: unknown } }> };

export type UpdateLocationMutationVariables = Exact<{
  input: string;
}>;


export type UpdateLocationMutation = { updateLocation: { id: string } };

export type FulfillmentCentersQueryVariables = Exact<{ [key: string]: never; }>;


export type FulfillmentCentersQuery = { fulfillmentCenters: Array<string> };

export type LogiNextSyncJobsQueryVariables = Exact<{ [key: string]: never; }>;


export type LogiNextSyncJobsQuery = { logiNextSyncJobs: Array<{ id: string, state: string, startDate: string, endDate: string, fulfillmentCenters: Array<string>, createdAt: string, createdBy: string, dates: number, datesDone: number, datesFailed: number, routesChanged: number, stopsChanged: number, error: string | null, finishedAt: string | null }> };

export type SyncLogiNextLocRoutesMutationVariables = Exact<{
  input: SyncLogiNextInput;
}>;


export type SyncLogiNextLocRoutesMutation = { syncLogiNextLocRoutes: { message: string, job: { id: string, state: string } } };

export type FridgeOrderCountsQueryVariables = Exact<{
  deliveryDates: Array<string> | string;
}>;


export type FridgeOrderCountsQuery = { fridgeOrderCounts: Array<{ deliveryDate: string, count: number }> };

export type JitLocationsQueryVariables = Exact<{
  dropOffDate: string;
  location: string;
}>;


export type JitLocationsQuery = { jitLocations: Array<{ itemName: string, count: number, overCapacityAmount: number }> };

export type OpsLocationsSnapshotQueryVariables = Exact<{ [key: string]: never; }>;


export type OpsLocationsSnapshotQuery = { opsLocationsSnapshot: { url: string | null, asOf: string | null } };

export type ParsOpsLocationsQueryVariables = Exact<{
  nextToken?: string | null | undefined;
}>;


export type ParsOpsLocationsQuery = { opsLocations: { nextToken: string | null, locations: Array<{ id: string, type: string }> } };

export type UploadParMapsMutationVariables = Exact<{
  uploadId: string;
  groups: Array<ParGroupInput> | ParGroupInput;
}>;


export type UploadParMapsMutation = { uploadParMaps: { success: boolean, results: Array<{ key: string, status: string, messages: Array<string> | null }> } };

export type PlanogramQueryVariables = Exact<{
  layoutName: string;
}>;


export type PlanogramQuery = { planogram: { layoutName: string, slots: Array<{ slot: string, vendItemName: string | null, physicalFridgeConfig: string | null, activeHour: string | null, activeHourCentral: string | null, updatedBy: string | null, source: string | null }>, upcoming: Array<{ slot: string, vendItemName: string | null, activeHour: string, activeHourCentral: string | null, user: string, status: string, failureReason: string | null }> } };

export type SchedulePlanogramUpdateMutationVariables = Exact<{
  input: Array<PlanogramUpdateInput> | PlanogramUpdateInput;
  uploadId?: string | null | undefined;
  fileName?: string | null | undefined;
}>;


export type SchedulePlanogramUpdateMutation = { schedulePlanogramUpdate: { successCount: number, errors: Array<string>, totalCount: number } };

export type ItemPricesQueryVariables = Exact<{
  schemaIds?: Array<string> | string | null | undefined;
}>;


export type ItemPricesQuery = { itemPrices: Array<{ schemaId: string, item: string, price: number | null, exists: boolean }> };

export type PriceSchemaIdsQueryVariables = Exact<{ [key: string]: never; }>;


export type PriceSchemaIdsQuery = { priceSchemaIds: Array<string> };

export type UpdateItemPricesMutationVariables = Exact<{
  uploadId: string;
  fileName: string;
  prices: Array<ItemPriceInput> | ItemPriceInput;
}>;


export type UpdateItemPricesMutation = { updateItemPrices: { message: string, errors: Array<string>, written: number, rowErrors: Array<{ line: number, errors: Array<string> }> } };

export type AssignRouteDriverMutationVariables = Exact<{
  input: AssignRouteDriverInput;
}>;


export type AssignRouteDriverMutation = { assignRouteDriver: { stockingDate: string, route: string, driverEmail: string, driverSub: string, assignedBy: string, assignedAt: string, source: string, version: number } | null };

export type LocationRoutesQueryVariables = Exact<{
  stockingDate: string;
  calculateTotes?: boolean | null | undefined;
}>;


export type LocationRoutesQuery = { locationRoutes: { routes: Array<{ route: string, stop: number, market: string, id: string, stockingDate: string, stopType: string, stockingIndex: number, toteCountPerStop: number | null, toteCountPerRoute: number | null }> } };

export type RouteAssignmentsQueryVariables = Exact<{
  stockingDate: string;
}>;


export type RouteAssignmentsQuery = { routeAssignments: Array<{ stockingDate: string, route: string, driverEmail: string, driverSub: string, assignedBy: string, assignedAt: string, source: string, version: number }> };

export type RouteDriverChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type RouteDriverChoicesQuery = { routeDriverChoices: Array<{ sub: string, email: string, name: string | null }> };

export type RouteDriverHistoryQueryVariables = Exact<{
  stockingDate: string;
  route: string;
  nextToken?: string | null | undefined;
}>;


export type RouteDriverHistoryQuery = { routeDriverHistory: { nextToken: string | null, items: Array<{ at: string, who: string, source: string, changes: Array<{ attribute: string, oldValue: unknown, newValue: unknown, reason: string | null }> }> } };

export type RouteSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type RouteSettingsQuery = { routeSettings: { claimsAllowed: boolean, version: number, changedBy: string | null, changedAt: string | null } };

export type SetRouteClaimsMutationVariables = Exact<{
  input: SetRouteClaimsInput;
}>;


export type SetRouteClaimsMutation = { setRouteClaims: { claimsAllowed: boolean, version: number, changedBy: string | null, changedAt: string | null } };

export type LocationServicesStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type LocationServicesStatusQuery = { locationServicesStatus: { status: string, checkedAt: string } };

export type FridgeSoftwareDeploymentsQueryVariables = Exact<{
  artifactType: string;
  nextToken?: string | null | undefined;
}>;


export type FridgeSoftwareDeploymentsQuery = { fridgeSoftwareDeployments: { nextToken: string | null, items: Array<{ at: string, who: string, source: string, changes: Array<{ attribute: string, oldValue: unknown, newValue: unknown }> }> } };

export type GetAvailableFridgeArtifactsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetAvailableFridgeArtifactsQuery = { getAvailableFridgeArtifacts: Array<{ artifactType: string, availableVersions: Array<{ version: string, cleanName: string, versionName: string, rawVersion: string }> }> };

export type FridgeSoftwareSnapshotQueryVariables = Exact<{ [key: string]: never; }>;


export type FridgeSoftwareSnapshotQuery = { fridgeSoftwareSnapshot: { url: string | null } };

export type GetFridgeArtifactsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetFridgeArtifactsQuery = { getFridgeArtifacts: Array<{ artifactType: string, versions: Array<{ versionName: string, fridgesDeployedTo: Array<string> }> }> };

export type GetFridgeSoftwarePilotsQueryVariables = Exact<{
  onlyShowActive?: boolean | null | undefined;
}>;


export type GetFridgeSoftwarePilotsQuery = { getFridgeSoftwarePilots: Array<{ id: string, fridgeIds: Array<string>, displayName: string, stage: number, startDate: string, endDate: string, description: string, active: boolean, version: number }> };

export type PutFridgeSoftwarePilotMutationVariables = Exact<{
  input: FridgeSoftwarePilotInput;
}>;


export type PutFridgeSoftwarePilotMutation = { putFridgeSoftwarePilot: boolean };

export type UpdateFridgeArtifactsMutationVariables = Exact<{
  artifactType: string;
  version: string;
  fridges: Array<string> | string;
}>;


export type UpdateFridgeArtifactsMutation = { updateFridgeArtifacts: Array<{ pk: string, sk: string, artifactType: string, objectKey: string }> };

export type AcknowledgeAttentionMutationVariables = Exact<{
  input: AcknowledgeAttentionInput;
}>;


export type AcknowledgeAttentionMutation = { acknowledgeAttention: { stockingDay: string, key: string, by: string, at: string, note: string, taken: string } };

export type CorrectLocationStockedMutationVariables = Exact<{
  input: CorrectLocationStockedInput;
}>;


export type CorrectLocationStockedMutation = { correctLocationStocked: { actionId: string, locationId: string, stockingDay: string, stockingIndex: number, change: string, occurredAt: string | null, stockedAt: string | null } };

export type OnStockingChangedSubscriptionVariables = Exact<{
  dropOffDate: string;
}>;


export type OnStockingChangedSubscription = { onStockingChanged: { dropOffDate: string, route: string | null, locationId: string | null, stockingIndex: number | null, kind: string, changedAt: string } | null };

export type DashboardRouteOptionsQueryVariables = Exact<{
  stockingDate: string;
}>;


export type DashboardRouteOptionsQuery = { locationRoutes: { routes: Array<{ route: string, market: string }> } };

export type StockedHistoryQueryVariables = Exact<{
  stockingDay: string;
  locationId: string;
  stockingIndex: number;
  nextToken?: string | null | undefined;
}>;


export type StockedHistoryQuery = { stockedHistory: { nextToken: string | null, items: Array<{ at: string, who: string, source: string, changes: Array<{ attribute: string, oldValue: unknown, newValue: unknown, reason: string | null }> }> } };

export type StockingDashboardAttentionQueryVariables = Exact<{
  filter: StockingDashboardFilter;
}>;


export type StockingDashboardAttentionQuery = { stockingDashboard: { attention: { digest: string, unchanged: boolean, whole: boolean, open: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, resolved: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, counts: Array<{ kind: string, label: string, open: number, resolved: number }> } } };

export type StockingDashboardRowsQueryVariables = Exact<{
  filter: StockingDashboardFilter;
  rowsUpTo?: number | null | undefined;
}>;


export type StockingDashboardRowsQuery = { stockingDashboard: { routes: Array<{ route: string, rowsDigest: string | null, stops: Array<{ stop: number, stockingIndex: number, stopType: string, routeName: string, locationId: string, locationName: string | null, type: string | null, scannedAt: string | null, stockedAt: string | null, stockedActionId: string | null, accountTier: string | null, onlineDate: string | null, safetyHold: string | null, vendingState: string | null, vendingStateLabel: string | null, status: string, statusLabel: string, driver: string | null, driverEmail: string | null, assignedDriver: string | null, assignedDriverEmail: string | null, notAssignee: boolean | null, lastActionAt: string | null }> | null }> } };

export type DashboardStopFieldsFragment = { stop: number, stockingIndex: number, stopType: string, routeName: string, locationId: string, locationName: string | null, type: string | null, scannedAt: string | null, stockedAt: string | null, stockedActionId: string | null, accountTier: string | null, onlineDate: string | null, safetyHold: string | null, vendingState: string | null, vendingStateLabel: string | null, status: string, statusLabel: string, driver: string | null, driverEmail: string | null, assignedDriver: string | null, assignedDriverEmail: string | null, notAssignee: boolean | null, lastActionAt: string | null };

export type AttentionPanelFieldsFragment = { digest: string, unchanged: boolean, whole: boolean, open: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, resolved: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, counts: Array<{ kind: string, label: string, open: number, resolved: number }> };

export type StockingDashboardQueryVariables = Exact<{
  filter: StockingDashboardFilter;
  routesWithRows?: number | null | undefined;
  rowsUpTo?: number | null | undefined;
  shownRoutes?: Array<ShownDashboardRoute> | ShownDashboardRoute | null | undefined;
  shownAttention?: string | null | undefined;
  attentionPerKind?: number | null | undefined;
}>;


export type StockingDashboardQuery = { stockingDashboard: { dropOffDate: string, windowStart: string, windowEnd: string, asOf: string, routeNames: Array<string>, routes: Array<{ route: string, market: string | null, total: number, done: number, lastActionAt: string | null, rowsDigest: string | null, unchanged: boolean, stops: Array<{ stop: number, stockingIndex: number, stopType: string, routeName: string, locationId: string, locationName: string | null, type: string | null, scannedAt: string | null, stockedAt: string | null, stockedActionId: string | null, accountTier: string | null, onlineDate: string | null, safetyHold: string | null, vendingState: string | null, vendingStateLabel: string | null, status: string, statusLabel: string, driver: string | null, driverEmail: string | null, assignedDriver: string | null, assignedDriverEmail: string | null, notAssignee: boolean | null, lastActionAt: string | null }> | null }>, summary: { total: number, counts: Array<{ status: string, label: string, count: number }> }, attention: { digest: string, unchanged: boolean, whole: boolean, open: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, resolved: Array<{ key: string, kind: string, kindLabel: string, route: string, stop: number | null, stockingIndex: number | null, locationId: string | null, since: string, sinceCentral: string, facts: string, endedAt: string | null, endedHow: string | null, taken: string | null }>, counts: Array<{ kind: string, label: string, open: number, resolved: number }> }, parts: { slips: DashboardPartState, actions: DashboardPartState, health: DashboardPartState, locations: DashboardPartState } } };

export type MyAccessQueryVariables = Exact<{ [key: string]: never; }>;


export type MyAccessQuery = { myAccess: { actions: Array<string>, flags: Array<string> } };

export type GetLocationQueryVariables = Exact<{
  id: string;
}>;


export type GetLocationQuery = { getLocation: Array<{ id: string, type: string, prettyName: string | null, status: string | null, publicStatus: string | null, accessTo: string | null, street: string | null, city: string | null, state: string | null, zipCode: string | null, directions: string | null, aprivaDeviceAddress: string | null, covid19: number | null, fridgeModel: string | null, hostname: string | null, fridgeSchema: string | null, hours: string | null, workHours: unknown, holidayScreenEnabled: number | null, holidayScreenFridgeSpecific: number | null, holidayScreenStartDate: string | null, holidayScreenEndDate: string | null, ip: string | null, latitude: number | null, longitude: number | null, layoutName: string | null, onlineDate: string | null, paymentGateway: string | null, percentage: number | null, priceMapTemplate: string | null, prod: number | null, reserve: number | null, route: string | null, stop: number | null, serialPort: string | null, stockingSchedule: unknown, taxRate: number | null, timeZone: string | null, vertical: string | null, baseCommission: number | null, lastModified: string | null, lastModifiedBy: string | null, updateReason: unknown, version: number | null, timeZoneLabel: string | null, timeZoneIana: string | null }> };

export type GetPlanogramNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetPlanogramNamesQuery = { getPlanogramNames: Array<string> };

export type GetFridgeSchemasTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetFridgeSchemasTemplatesQuery = { getFridgeSchemasTemplates: Array<string> };

export type GetPriceMapTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetPriceMapTemplatesQuery = { getPriceMapTemplates: Array<string> };

export type ListLocationsQueryVariables = Exact<{
  filter?: LocationsFilter | null | undefined;
  nextToken?: string | null | undefined;
}>;


export type ListLocationsQuery = { locations: { nextToken: string | null, items: Array<{ id: string, type: string, prettyName: string | null, route: string | null, stop: number | null, status: string | null, prod: number | null }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const FridgeHealthFieldsFragmentDoc = new TypedDocumentString(`
    fragment FridgeHealthFields on FridgeHealth {
  locationId
  jofemarState
  safetyHold
  safetyHoldTs
  inaccessible
  outOfOrder
  outOfOrderTs
  hdmi
  elo
  cardReader
  electricalLayout
  timezone
  activeTicket
  temperature
  temperatureSetpoint
  timestamp
  networkSpeed {
    previousSpeed
  }
  serverVersion
  allReasons
  connectedLayout {
    x
    y
  }
  recycleDoorState {
    doorState
    lockState
  }
  sundryDoorState {
    doorState
    lockState
  }
  liteFridgeState {
    topShellLatchState
    bottomShellLatchState
    shellLockState
    status
  }
}
    `, {"fragmentName":"FridgeHealthFields"}) as unknown as TypedDocumentString<FridgeHealthFieldsFragment, unknown>;
export const DashboardStopFieldsFragmentDoc = new TypedDocumentString(`
    fragment DashboardStopFields on DashboardStop {
  stop
  stockingIndex
  stopType
  routeName
  locationId
  locationName
  type
  scannedAt
  stockedAt
  stockedActionId
  accountTier
  onlineDate
  safetyHold
  vendingState
  vendingStateLabel
  status
  statusLabel
  driver
  driverEmail
  assignedDriver
  assignedDriverEmail
  notAssignee
  lastActionAt
}
    `, {"fragmentName":"DashboardStopFields"}) as unknown as TypedDocumentString<DashboardStopFieldsFragment, unknown>;
export const AttentionPanelFieldsFragmentDoc = new TypedDocumentString(`
    fragment AttentionPanelFields on AttentionPanel {
  open {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  resolved {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  counts {
    kind
    label
    open
    resolved
  }
  digest
  unchanged
  whole
}
    `, {"fragmentName":"AttentionPanelFields"}) as unknown as TypedDocumentString<AttentionPanelFieldsFragment, unknown>;
export const DropOffSummaryDocument = new TypedDocumentString(`
    query DropOffSummary($dropOffDate: String!) {
  dropOffSummary(dropOffDate: $dropOffDate) {
    dropOffDate
    unconfirmed
    rows {
      extendedId
      locationId
      locationType
      routeId
      packingSlipId
      stockingIndex
      pickDate
      dropStatus
      statusReason
      createdBy
      locked
    }
  }
}
    `) as unknown as TypedDocumentString<DropOffSummaryQuery, DropOffSummaryQueryVariables>;
export const DropOverrideHistoryDocument = new TypedDocumentString(`
    query DropOverrideHistory($dropOffDate: String!, $packingSlipId: ID!, $nextToken: String) {
  dropOverrideHistory(
    dropOffDate: $dropOffDate
    packingSlipId: $packingSlipId
    nextToken: $nextToken
  ) {
    items {
      at
      who
      source
      changes {
        attribute
        oldValue
        newValue
        reason
      }
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<DropOverrideHistoryQuery, DropOverrideHistoryQueryVariables>;
export const OverrideDropDocument = new TypedDocumentString(`
    mutation OverrideDrop($input: CreateDriverActionInput!) {
  createDriverAction(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<OverrideDropMutation, OverrideDropMutationVariables>;
export const RevertDropOverrideDocument = new TypedDocumentString(`
    mutation RevertDropOverride($input: RevertDropOverrideInput!) {
  revertDropOverride(input: $input) {
    dropOffDate
    packingSlipId
    dropStatus
    revertedStatus
  }
}
    `) as unknown as TypedDocumentString<RevertDropOverrideMutation, RevertDropOverrideMutationVariables>;
export const CreateQueueMessageDocument = new TypedDocumentString(`
    mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {
  createQueueMessage(
    location: $location
    message: $message
    requestId: $requestId
  ) {
    id
    timestamp
    messageId
    messageType
    operation
    resource
    sentBy
    state
    doneAt
  }
}
    `) as unknown as TypedDocumentString<CreateQueueMessageMutation, CreateQueueMessageMutationVariables>;
export const FleetHealthSnapshotDocument = new TypedDocumentString(`
    query FleetHealthSnapshot {
  fleetHealthSnapshot {
    url
    asOf
    fridges
  }
}
    `) as unknown as TypedDocumentString<FleetHealthSnapshotQuery, FleetHealthSnapshotQueryVariables>;
export const FridgeTemperaturesDocument = new TypedDocumentString(`
    query FridgeTemperatures($location: ID!, $hours: Int) {
  fridgeTemperatures(location: $location, hours: $hours) {
    timestamp
    temperature
  }
}
    `) as unknown as TypedDocumentString<FridgeTemperaturesQuery, FridgeTemperaturesQueryVariables>;
export const GetFridgeEventsDocument = new TypedDocumentString(`
    query GetFridgeEvents($location: ID!, $eventTypes: [String!], $nextToken: String) {
  getFridgeEvents(
    location: $location
    eventTypes: $eventTypes
    nextToken: $nextToken
  ) {
    items {
      location
      eventType
      timestamp
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<GetFridgeEventsQuery, GetFridgeEventsQueryVariables>;
export const FridgeHealthDocument = new TypedDocumentString(`
    query FridgeHealth($filter: FridgeHealthFilter!) {
  fridgeHealth(filter: $filter) {
    ...FridgeHealthFields
  }
}
    fragment FridgeHealthFields on FridgeHealth {
  locationId
  jofemarState
  safetyHold
  safetyHoldTs
  inaccessible
  outOfOrder
  outOfOrderTs
  hdmi
  elo
  cardReader
  electricalLayout
  timezone
  activeTicket
  temperature
  temperatureSetpoint
  timestamp
  networkSpeed {
    previousSpeed
  }
  serverVersion
  allReasons
  connectedLayout {
    x
    y
  }
  recycleDoorState {
    doorState
    lockState
  }
  sundryDoorState {
    doorState
    lockState
  }
  liteFridgeState {
    topShellLatchState
    bottomShellLatchState
    shellLockState
    status
  }
}`) as unknown as TypedDocumentString<FridgeHealthQuery, FridgeHealthQueryVariables>;
export const GetFridgeSegmentEventsDocument = new TypedDocumentString(`
    query GetFridgeSegmentEvents($location: ID!, $types: [String!], $nextToken: String) {
  getFridgeSegmentEvents(
    location: $location
    fridgeSegmentEventType: $types
    nextToken: $nextToken
  ) {
    items {
      eventType
      date
      payload
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<GetFridgeSegmentEventsQuery, GetFridgeSegmentEventsQueryVariables>;
export const OnCommandChangedDocument = new TypedDocumentString(`
    subscription OnCommandChanged($locationId: ID!) {
  onCommandChanged(locationId: $locationId) {
    locationId
    messageId
    state
    changedAt
  }
}
    `) as unknown as TypedDocumentString<OnCommandChangedSubscription, OnCommandChangedSubscriptionVariables>;
export const ReadQueueMessagesDocument = new TypedDocumentString(`
    query ReadQueueMessages($id: ID!, $count: Int, $nextToken: String) {
  readQueueMessages(id: $id, count: $count, nextToken: $nextToken) {
    items {
      id
      timestamp
      messageId
      messageType
      operation
      resource
      sentBy
      state
      doneAt
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<ReadQueueMessagesQuery, ReadQueueMessagesQueryVariables>;
export const SendConfirmedInventoryAndConfirmedReservationDocument = new TypedDocumentString(`
    mutation SendConfirmedInventoryAndConfirmedReservation($locationId: ID!) {
  sendConfirmedInventoryAndConfirmedReservation(locationId: $locationId) {
    success
    message
  }
}
    `) as unknown as TypedDocumentString<SendConfirmedInventoryAndConfirmedReservationMutation, SendConfirmedInventoryAndConfirmedReservationMutationVariables>;
export const JitManagementDocument = new TypedDocumentString(`
    query JitManagement($input: JitLocationsInput!) {
  jitManagement(input: $input) {
    dropOffDate
    rows {
      stockingId
      region
      market
      routeId
      locationId
      stop
      stockingIndex
      jitEnabled
      stockedTimeUTC
      jitUnits
      lockedReason
      update {
        jit
        reason
        email
        updatedAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<JitManagementQuery, JitManagementQueryVariables>;
export const UpdateJitLocationStatusDocument = new TypedDocumentString(`
    mutation UpdateJitLocationStatus($input: [JitUpdateInput!]!) {
  updateJITLocationStatus(input: $input) {
    stockingId
    message
    orderId
    jitStatusUpdate
    jitAllocationItemsClear
    error
  }
}
    `) as unknown as TypedDocumentString<UpdateJitLocationStatusMutation, UpdateJitLocationStatusMutationVariables>;
export const CreateLocationDocument = new TypedDocumentString(`
    mutation CreateLocation($input: AWSJSON!) {
  createLocation(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateLocationMutation, CreateLocationMutationVariables>;
export const CreateScheduleChangeDocument = new TypedDocumentString(`
    mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {
  createScheduleChange(input: $input) {
    uuid
    actionTime
  }
}
    `) as unknown as TypedDocumentString<CreateScheduleChangeMutation, CreateScheduleChangeMutationVariables>;
export const DeleteScheduleChangeDocument = new TypedDocumentString(`
    mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {
  deleteScheduleChange(input: $input)
}
    `) as unknown as TypedDocumentString<DeleteScheduleChangeMutation, DeleteScheduleChangeMutationVariables>;
export const GenerateAprivaDeviceAddressDocument = new TypedDocumentString(`
    mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {
  generateAprivaDeviceAddress(input: $input)
}
    `) as unknown as TypedDocumentString<GenerateAprivaDeviceAddressMutation, GenerateAprivaDeviceAddressMutationVariables>;
export const LocationHistoryDocument = new TypedDocumentString(`
    query LocationHistory($id: ID!, $nextToken: String) {
  locationHistory(id: $id, nextToken: $nextToken) {
    items {
      at
      who
      source
      changes {
        attribute
        oldValue
        newValue
        reason
      }
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<LocationHistoryQuery, LocationHistoryQueryVariables>;
export const UpcomingScheduleChangesDocument = new TypedDocumentString(`
    query UpcomingScheduleChanges($days: Int) {
  upcomingScheduleChanges(days: $days) {
    uuid
    actionTime
    id
    user
    version
    change {
      id
      table
      attribute
      value
    }
    localActionTime
    timeZoneLabel
    status
    failureReason
    failedAt
    deadlineWarning
  }
}
    `) as unknown as TypedDocumentString<UpcomingScheduleChangesQuery, UpcomingScheduleChangesQueryVariables>;
export const ReadScheduleChangeDocument = new TypedDocumentString(`
    query ReadScheduleChange($filter: ScheduleChangeFilter!) {
  readScheduleChange(filter: $filter) {
    uuid
    actionTime
    id
    user
    version
    change {
      id
      table
      attribute
      value
    }
    localActionTime
    timeZoneLabel
    status
    failureReason
    failedAt
    deadlineWarning
  }
}
    `) as unknown as TypedDocumentString<ReadScheduleChangeQuery, ReadScheduleChangeQueryVariables>;
export const UpdateLocationDocument = new TypedDocumentString(`
    mutation UpdateLocation($input: AWSJSON!) {
  updateLocation(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateLocationMutation, UpdateLocationMutationVariables>;
export const FulfillmentCentersDocument = new TypedDocumentString(`
    query FulfillmentCenters {
  fulfillmentCenters
}
    `) as unknown as TypedDocumentString<FulfillmentCentersQuery, FulfillmentCentersQueryVariables>;
export const LogiNextSyncJobsDocument = new TypedDocumentString(`
    query LogiNextSyncJobs {
  logiNextSyncJobs {
    id
    state
    startDate
    endDate
    fulfillmentCenters
    createdAt
    createdBy
    dates
    datesDone
    datesFailed
    routesChanged
    stopsChanged
    error
    finishedAt
  }
}
    `) as unknown as TypedDocumentString<LogiNextSyncJobsQuery, LogiNextSyncJobsQueryVariables>;
export const SyncLogiNextLocRoutesDocument = new TypedDocumentString(`
    mutation SyncLogiNextLocRoutes($input: SyncLogiNextInput!) {
  syncLogiNextLocRoutes(input: $input) {
    message
    job {
      id
      state
    }
  }
}
    `) as unknown as TypedDocumentString<SyncLogiNextLocRoutesMutation, SyncLogiNextLocRoutesMutationVariables>;
export const FridgeOrderCountsDocument = new TypedDocumentString(`
    query FridgeOrderCounts($deliveryDates: [String!]!) {
  fridgeOrderCounts(deliveryDates: $deliveryDates) {
    deliveryDate
    count
  }
}
    `) as unknown as TypedDocumentString<FridgeOrderCountsQuery, FridgeOrderCountsQueryVariables>;
export const JitLocationsDocument = new TypedDocumentString(`
    query JitLocations($dropOffDate: String!, $location: ID!) {
  jitLocations(dropOffDate: $dropOffDate, location: $location) {
    itemName
    count
    overCapacityAmount
  }
}
    `) as unknown as TypedDocumentString<JitLocationsQuery, JitLocationsQueryVariables>;
export const OpsLocationsSnapshotDocument = new TypedDocumentString(`
    query OpsLocationsSnapshot {
  opsLocationsSnapshot {
    url
    asOf
  }
}
    `) as unknown as TypedDocumentString<OpsLocationsSnapshotQuery, OpsLocationsSnapshotQueryVariables>;
export const ParsOpsLocationsDocument = new TypedDocumentString(`
    query ParsOpsLocations($nextToken: String) {
  opsLocations(filter: {count: 2500}, nextToken: $nextToken) {
    locations {
      id
      type
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<ParsOpsLocationsQuery, ParsOpsLocationsQueryVariables>;
export const UploadParMapsDocument = new TypedDocumentString(`
    mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {
  uploadParMaps(uploadId: $uploadId, groups: $groups) {
    success
    results {
      key
      status
      messages
    }
  }
}
    `) as unknown as TypedDocumentString<UploadParMapsMutation, UploadParMapsMutationVariables>;
export const PlanogramDocument = new TypedDocumentString(`
    query Planogram($layoutName: String!) {
  planogram(layoutName: $layoutName) {
    layoutName
    slots {
      slot
      vendItemName
      physicalFridgeConfig
      activeHour
      activeHourCentral
      updatedBy
      source
    }
    upcoming {
      slot
      vendItemName
      activeHour
      activeHourCentral
      user
      status
      failureReason
    }
  }
}
    `) as unknown as TypedDocumentString<PlanogramQuery, PlanogramQueryVariables>;
export const SchedulePlanogramUpdateDocument = new TypedDocumentString(`
    mutation SchedulePlanogramUpdate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {
  schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) {
    successCount
    errors
    totalCount
  }
}
    `) as unknown as TypedDocumentString<SchedulePlanogramUpdateMutation, SchedulePlanogramUpdateMutationVariables>;
export const ItemPricesDocument = new TypedDocumentString(`
    query ItemPrices($schemaIds: [String!]) {
  itemPrices(schemaIds: $schemaIds) {
    schemaId
    item
    price
    exists
  }
}
    `) as unknown as TypedDocumentString<ItemPricesQuery, ItemPricesQueryVariables>;
export const PriceSchemaIdsDocument = new TypedDocumentString(`
    query PriceSchemaIds {
  priceSchemaIds
}
    `) as unknown as TypedDocumentString<PriceSchemaIdsQuery, PriceSchemaIdsQueryVariables>;
export const UpdateItemPricesDocument = new TypedDocumentString(`
    mutation UpdateItemPrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) {
  updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) {
    message
    errors
    written
    rowErrors {
      line
      errors
    }
  }
}
    `) as unknown as TypedDocumentString<UpdateItemPricesMutation, UpdateItemPricesMutationVariables>;
export const AssignRouteDriverDocument = new TypedDocumentString(`
    mutation AssignRouteDriver($input: AssignRouteDriverInput!) {
  assignRouteDriver(input: $input) {
    stockingDate
    route
    driverEmail
    driverSub
    assignedBy
    assignedAt
    source
    version
  }
}
    `) as unknown as TypedDocumentString<AssignRouteDriverMutation, AssignRouteDriverMutationVariables>;
export const LocationRoutesDocument = new TypedDocumentString(`
    query LocationRoutes($stockingDate: String!, $calculateTotes: Boolean) {
  locationRoutes(stockingDate: $stockingDate, calculateTotes: $calculateTotes) {
    routes {
      route
      stop
      market
      id
      stockingDate
      stopType
      stockingIndex
      toteCountPerStop
      toteCountPerRoute
    }
  }
}
    `) as unknown as TypedDocumentString<LocationRoutesQuery, LocationRoutesQueryVariables>;
export const RouteAssignmentsDocument = new TypedDocumentString(`
    query RouteAssignments($stockingDate: String!) {
  routeAssignments(stockingDate: $stockingDate) {
    stockingDate
    route
    driverEmail
    driverSub
    assignedBy
    assignedAt
    source
    version
  }
}
    `) as unknown as TypedDocumentString<RouteAssignmentsQuery, RouteAssignmentsQueryVariables>;
export const RouteDriverChoicesDocument = new TypedDocumentString(`
    query RouteDriverChoices {
  routeDriverChoices {
    sub
    email
    name
  }
}
    `) as unknown as TypedDocumentString<RouteDriverChoicesQuery, RouteDriverChoicesQueryVariables>;
export const RouteDriverHistoryDocument = new TypedDocumentString(`
    query RouteDriverHistory($stockingDate: String!, $route: String!, $nextToken: String) {
  routeDriverHistory(
    stockingDate: $stockingDate
    route: $route
    nextToken: $nextToken
  ) {
    items {
      at
      who
      source
      changes {
        attribute
        oldValue
        newValue
        reason
      }
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<RouteDriverHistoryQuery, RouteDriverHistoryQueryVariables>;
export const RouteSettingsDocument = new TypedDocumentString(`
    query RouteSettings {
  routeSettings {
    claimsAllowed
    version
    changedBy
    changedAt
  }
}
    `) as unknown as TypedDocumentString<RouteSettingsQuery, RouteSettingsQueryVariables>;
export const SetRouteClaimsDocument = new TypedDocumentString(`
    mutation SetRouteClaims($input: SetRouteClaimsInput!) {
  setRouteClaims(input: $input) {
    claimsAllowed
    version
    changedBy
    changedAt
  }
}
    `) as unknown as TypedDocumentString<SetRouteClaimsMutation, SetRouteClaimsMutationVariables>;
export const LocationServicesStatusDocument = new TypedDocumentString(`
    query LocationServicesStatus {
  locationServicesStatus {
    status
    checkedAt
  }
}
    `) as unknown as TypedDocumentString<LocationServicesStatusQuery, LocationServicesStatusQueryVariables>;
export const FridgeSoftwareDeploymentsDocument = new TypedDocumentString(`
    query FridgeSoftwareDeployments($artifactType: String!, $nextToken: String) {
  fridgeSoftwareDeployments(artifactType: $artifactType, nextToken: $nextToken) {
    items {
      at
      who
      source
      changes {
        attribute
        oldValue
        newValue
      }
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<FridgeSoftwareDeploymentsQuery, FridgeSoftwareDeploymentsQueryVariables>;
export const GetAvailableFridgeArtifactsDocument = new TypedDocumentString(`
    query GetAvailableFridgeArtifacts {
  getAvailableFridgeArtifacts {
    artifactType
    availableVersions {
      version
      cleanName
      versionName
      rawVersion
    }
  }
}
    `) as unknown as TypedDocumentString<GetAvailableFridgeArtifactsQuery, GetAvailableFridgeArtifactsQueryVariables>;
export const FridgeSoftwareSnapshotDocument = new TypedDocumentString(`
    query FridgeSoftwareSnapshot {
  fridgeSoftwareSnapshot {
    url
  }
}
    `) as unknown as TypedDocumentString<FridgeSoftwareSnapshotQuery, FridgeSoftwareSnapshotQueryVariables>;
export const GetFridgeArtifactsDocument = new TypedDocumentString(`
    query GetFridgeArtifacts {
  getFridgeArtifacts {
    artifactType
    versions {
      versionName
      fridgesDeployedTo
    }
  }
}
    `) as unknown as TypedDocumentString<GetFridgeArtifactsQuery, GetFridgeArtifactsQueryVariables>;
export const GetFridgeSoftwarePilotsDocument = new TypedDocumentString(`
    query GetFridgeSoftwarePilots($onlyShowActive: Boolean) {
  getFridgeSoftwarePilots(onlyShowActive: $onlyShowActive) {
    id
    fridgeIds
    displayName
    stage
    startDate
    endDate
    description
    active
    version
  }
}
    `) as unknown as TypedDocumentString<GetFridgeSoftwarePilotsQuery, GetFridgeSoftwarePilotsQueryVariables>;
export const PutFridgeSoftwarePilotDocument = new TypedDocumentString(`
    mutation PutFridgeSoftwarePilot($input: FridgeSoftwarePilotInput!) {
  putFridgeSoftwarePilot(input: $input)
}
    `) as unknown as TypedDocumentString<PutFridgeSoftwarePilotMutation, PutFridgeSoftwarePilotMutationVariables>;
export const UpdateFridgeArtifactsDocument = new TypedDocumentString(`
    mutation UpdateFridgeArtifacts($artifactType: String!, $version: String!, $fridges: [ID!]!) {
  updateFridgeArtifacts(
    artifactType: $artifactType
    version: $version
    fridges: $fridges
  ) {
    pk
    sk
    artifactType
    objectKey
  }
}
    `) as unknown as TypedDocumentString<UpdateFridgeArtifactsMutation, UpdateFridgeArtifactsMutationVariables>;
export const AcknowledgeAttentionDocument = new TypedDocumentString(`
    mutation AcknowledgeAttention($input: AcknowledgeAttentionInput!) {
  acknowledgeAttention(input: $input) {
    stockingDay
    key
    by
    at
    note
    taken
  }
}
    `) as unknown as TypedDocumentString<AcknowledgeAttentionMutation, AcknowledgeAttentionMutationVariables>;
export const CorrectLocationStockedDocument = new TypedDocumentString(`
    mutation CorrectLocationStocked($input: CorrectLocationStockedInput!) {
  correctLocationStocked(input: $input) {
    actionId
    locationId
    stockingDay
    stockingIndex
    change
    occurredAt
    stockedAt
  }
}
    `) as unknown as TypedDocumentString<CorrectLocationStockedMutation, CorrectLocationStockedMutationVariables>;
export const OnStockingChangedDocument = new TypedDocumentString(`
    subscription OnStockingChanged($dropOffDate: String!) {
  onStockingChanged(dropOffDate: $dropOffDate) {
    dropOffDate
    route
    locationId
    stockingIndex
    kind
    changedAt
  }
}
    `) as unknown as TypedDocumentString<OnStockingChangedSubscription, OnStockingChangedSubscriptionVariables>;
export const DashboardRouteOptionsDocument = new TypedDocumentString(`
    query DashboardRouteOptions($stockingDate: String!) {
  locationRoutes(stockingDate: $stockingDate) {
    routes {
      route
      market
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardRouteOptionsQuery, DashboardRouteOptionsQueryVariables>;
export const StockedHistoryDocument = new TypedDocumentString(`
    query StockedHistory($stockingDay: String!, $locationId: ID!, $stockingIndex: Int!, $nextToken: String) {
  stockedHistory(
    stockingDay: $stockingDay
    locationId: $locationId
    stockingIndex: $stockingIndex
    nextToken: $nextToken
  ) {
    items {
      at
      who
      source
      changes {
        attribute
        oldValue
        newValue
        reason
      }
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<StockedHistoryQuery, StockedHistoryQueryVariables>;
export const StockingDashboardAttentionDocument = new TypedDocumentString(`
    query StockingDashboardAttention($filter: StockingDashboardFilter!) {
  stockingDashboard(filter: $filter, rowsUpTo: 1) {
    attention {
      ...AttentionPanelFields
    }
  }
}
    fragment AttentionPanelFields on AttentionPanel {
  open {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  resolved {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  counts {
    kind
    label
    open
    resolved
  }
  digest
  unchanged
  whole
}`) as unknown as TypedDocumentString<StockingDashboardAttentionQuery, StockingDashboardAttentionQueryVariables>;
export const StockingDashboardRowsDocument = new TypedDocumentString(`
    query StockingDashboardRows($filter: StockingDashboardFilter!, $rowsUpTo: Int) {
  stockingDashboard(filter: $filter, rowsUpTo: $rowsUpTo) {
    routes {
      route
      rowsDigest
      stops {
        ...DashboardStopFields
      }
    }
  }
}
    fragment DashboardStopFields on DashboardStop {
  stop
  stockingIndex
  stopType
  routeName
  locationId
  locationName
  type
  scannedAt
  stockedAt
  stockedActionId
  accountTier
  onlineDate
  safetyHold
  vendingState
  vendingStateLabel
  status
  statusLabel
  driver
  driverEmail
  assignedDriver
  assignedDriverEmail
  notAssignee
  lastActionAt
}`) as unknown as TypedDocumentString<StockingDashboardRowsQuery, StockingDashboardRowsQueryVariables>;
export const StockingDashboardDocument = new TypedDocumentString(`
    query StockingDashboard($filter: StockingDashboardFilter!, $routesWithRows: Int, $rowsUpTo: Int, $shownRoutes: [ShownDashboardRoute!], $shownAttention: String, $attentionPerKind: Int) {
  stockingDashboard(
    filter: $filter
    routesWithRows: $routesWithRows
    rowsUpTo: $rowsUpTo
    shownRoutes: $shownRoutes
    shownAttention: $shownAttention
    attentionPerKind: $attentionPerKind
  ) {
    dropOffDate
    windowStart
    windowEnd
    asOf
    routeNames
    routes {
      route
      market
      total
      done
      lastActionAt
      rowsDigest
      unchanged
      stops {
        ...DashboardStopFields
      }
    }
    summary {
      total
      counts {
        status
        label
        count
      }
    }
    attention {
      ...AttentionPanelFields
    }
    parts {
      slips
      actions
      health
      locations
    }
  }
}
    fragment DashboardStopFields on DashboardStop {
  stop
  stockingIndex
  stopType
  routeName
  locationId
  locationName
  type
  scannedAt
  stockedAt
  stockedActionId
  accountTier
  onlineDate
  safetyHold
  vendingState
  vendingStateLabel
  status
  statusLabel
  driver
  driverEmail
  assignedDriver
  assignedDriverEmail
  notAssignee
  lastActionAt
}
fragment AttentionPanelFields on AttentionPanel {
  open {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  resolved {
    key
    kind
    kindLabel
    route
    stop
    stockingIndex
    locationId
    since
    sinceCentral
    facts
    endedAt
    endedHow
    taken
  }
  counts {
    kind
    label
    open
    resolved
  }
  digest
  unchanged
  whole
}`) as unknown as TypedDocumentString<StockingDashboardQuery, StockingDashboardQueryVariables>;
export const MyAccessDocument = new TypedDocumentString(`
    query MyAccess {
  myAccess {
    actions
    flags
  }
}
    `) as unknown as TypedDocumentString<MyAccessQuery, MyAccessQueryVariables>;
export const GetLocationDocument = new TypedDocumentString(`
    query GetLocation($id: ID!) {
  getLocation(id: $id) {
    id
    type
    prettyName
    status
    publicStatus
    accessTo
    street
    city
    state
    zipCode
    directions
    aprivaDeviceAddress
    covid19
    fridgeModel
    hostname
    fridgeSchema
    hours
    workHours
    holidayScreenEnabled
    holidayScreenFridgeSpecific
    holidayScreenStartDate
    holidayScreenEndDate
    ip
    latitude
    longitude
    layoutName
    onlineDate
    paymentGateway
    percentage
    priceMapTemplate
    prod
    reserve
    route
    stop
    serialPort
    stockingSchedule
    taxRate
    timeZone
    vertical
    baseCommission
    lastModified
    lastModifiedBy
    updateReason
    version
    timeZoneLabel
    timeZoneIana
  }
}
    `) as unknown as TypedDocumentString<GetLocationQuery, GetLocationQueryVariables>;
export const GetPlanogramNamesDocument = new TypedDocumentString(`
    query GetPlanogramNames {
  getPlanogramNames
}
    `) as unknown as TypedDocumentString<GetPlanogramNamesQuery, GetPlanogramNamesQueryVariables>;
export const GetFridgeSchemasTemplatesDocument = new TypedDocumentString(`
    query GetFridgeSchemasTemplates {
  getFridgeSchemasTemplates
}
    `) as unknown as TypedDocumentString<GetFridgeSchemasTemplatesQuery, GetFridgeSchemasTemplatesQueryVariables>;
export const GetPriceMapTemplatesDocument = new TypedDocumentString(`
    query GetPriceMapTemplates {
  getPriceMapTemplates
}
    `) as unknown as TypedDocumentString<GetPriceMapTemplatesQuery, GetPriceMapTemplatesQueryVariables>;
export const ListLocationsDocument = new TypedDocumentString(`
    query ListLocations($filter: LocationsFilter, $nextToken: String) {
  locations(filter: $filter, nextToken: $nextToken) {
    items {
      id
      type
      prettyName
      route
      stop
      status
      prod
    }
    nextToken
  }
}
    `) as unknown as TypedDocumentString<ListLocationsQuery, ListLocationsQueryVariables>;