/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query DropOffSummary($dropOffDate: String!) {\n  dropOffSummary(dropOffDate: $dropOffDate) {\n    dropOffDate unconfirmed\n    rows {\n      extendedId locationId locationType routeId packingSlipId stockingIndex pickDate\n      dropStatus statusReason createdBy locked\n    }\n  }\n}": typeof types.DropOffSummaryDocument,
    "query DropOverrideHistory($dropOffDate: String!, $packingSlipId: ID!, $nextToken: String) {\n  dropOverrideHistory(dropOffDate: $dropOffDate, packingSlipId: $packingSlipId, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": typeof types.DropOverrideHistoryDocument,
    "mutation OverrideDrop($input: CreateDriverActionInput!) {\n  createDriverAction(input: $input) { id }\n}": typeof types.OverrideDropDocument,
    "mutation RevertDropOverride($input: RevertDropOverrideInput!) {\n  revertDropOverride(input: $input) { dropOffDate packingSlipId dropStatus revertedStatus }\n}": typeof types.RevertDropOverrideDocument,
    "mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {\n  createQueueMessage(location: $location, message: $message, requestId: $requestId) {\n    id timestamp messageId messageType operation resource sentBy state doneAt\n  }\n}": typeof types.CreateQueueMessageDocument,
    "query FleetHealthSnapshot {\n  fleetHealthSnapshot { url asOf fridges }\n}": typeof types.FleetHealthSnapshotDocument,
    "query FridgeTemperatures($location: ID!, $hours: Int) {\n  fridgeTemperatures(location: $location, hours: $hours) { timestamp temperature }\n}": typeof types.FridgeTemperaturesDocument,
    "query GetFridgeEvents($location: ID!, $eventTypes: [String!], $nextToken: String) {\n  getFridgeEvents(location: $location, eventTypes: $eventTypes, nextToken: $nextToken) {\n    items { location eventType timestamp }\n    nextToken\n  }\n}": typeof types.GetFridgeEventsDocument,
    "query FridgeHealth($filter: FridgeHealthFilter!) {\n  fridgeHealth(filter: $filter) { ...FridgeHealthFields }\n}": typeof types.FridgeHealthDocument,
    "query GetFridgeSegmentEvents($location: ID!, $types: [String!], $nextToken: String) {\n  getFridgeSegmentEvents(location: $location, fridgeSegmentEventType: $types, nextToken: $nextToken) {\n    items { eventType date payload }\n    nextToken\n  }\n}": typeof types.GetFridgeSegmentEventsDocument,
    "fragment FridgeHealthFields on FridgeHealth {\n  locationId jofemarState safetyHold safetyHoldTs inaccessible outOfOrder outOfOrderTs\n  hdmi elo cardReader electricalLayout timezone activeTicket temperature temperatureSetpoint\n  timestamp networkSpeed { previousSpeed } serverVersion allReasons connectedLayout { x y }\n  recycleDoorState { doorState lockState } sundryDoorState { doorState lockState }\n  liteFridgeState { topShellLatchState bottomShellLatchState shellLockState status }\n}": typeof types.FridgeHealthFieldsFragmentDoc,
    "subscription OnCommandChanged($locationId: ID!) {\n  onCommandChanged(locationId: $locationId) { locationId messageId state changedAt }\n}": typeof types.OnCommandChangedDocument,
    "query ReadQueueMessages($id: ID!, $count: Int, $nextToken: String) {\n  readQueueMessages(id: $id, count: $count, nextToken: $nextToken) {\n    items { id timestamp messageId messageType operation resource sentBy state doneAt }\n    nextToken\n  }\n}": typeof types.ReadQueueMessagesDocument,
    "mutation SendConfirmedInventoryAndConfirmedReservation($locationId: ID!) {\n  sendConfirmedInventoryAndConfirmedReservation(locationId: $locationId) { success message }\n}": typeof types.SendConfirmedInventoryAndConfirmedReservationDocument,
    "query JitManagement($input: JitLocationsInput!) {\n  jitManagement(input: $input) {\n    dropOffDate\n    rows {\n      stockingId region market routeId locationId stop stockingIndex jitEnabled stockedTimeUTC jitUnits lockedReason\n      update { jit reason email updatedAt }\n    }\n  }\n}": typeof types.JitManagementDocument,
    "mutation UpdateJitLocationStatus($input: [JitUpdateInput!]!) {\n  updateJITLocationStatus(input: $input) {\n    stockingId message orderId jitStatusUpdate jitAllocationItemsClear error\n  }\n}": typeof types.UpdateJitLocationStatusDocument,
    "mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id } }": typeof types.CreateLocationDocument,
    "mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {\n  createScheduleChange(input: $input) { uuid actionTime }\n}": typeof types.CreateScheduleChangeDocument,
    "mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {\n  deleteScheduleChange(input: $input)\n}": typeof types.DeleteScheduleChangeDocument,
    "mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {\n  generateAprivaDeviceAddress(input: $input)\n}": typeof types.GenerateAprivaDeviceAddressDocument,
    "query LocationHistory($id: ID!, $nextToken: String) {\n  locationHistory(id: $id, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": typeof types.LocationHistoryDocument,
    "query UpcomingScheduleChanges($days: Int) {\n  upcomingScheduleChanges(days: $days) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}": typeof types.UpcomingScheduleChangesDocument,
    "query ReadScheduleChange($filter: ScheduleChangeFilter!) {\n  readScheduleChange(filter: $filter) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}": typeof types.ReadScheduleChangeDocument,
    "mutation UpdateLocation($input: AWSJSON!) { updateLocation(input: $input) { id } }": typeof types.UpdateLocationDocument,
    "query FulfillmentCenters {\n  fulfillmentCenters\n}": typeof types.FulfillmentCentersDocument,
    "query LogiNextSyncJobs {\n  logiNextSyncJobs {\n    id state startDate endDate fulfillmentCenters createdAt createdBy dates datesDone datesFailed\n    routesChanged stopsChanged error finishedAt\n  }\n}": typeof types.LogiNextSyncJobsDocument,
    "mutation SyncLogiNextLocRoutes($input: SyncLogiNextInput!) {\n  syncLogiNextLocRoutes(input: $input) { message job { id state } }\n}": typeof types.SyncLogiNextLocRoutesDocument,
    "query FridgeOrderCounts($deliveryDates: [String!]!) {\n  fridgeOrderCounts(deliveryDates: $deliveryDates) { deliveryDate count }\n}": typeof types.FridgeOrderCountsDocument,
    "query JitLocations($dropOffDate: String!, $location: ID!) {\n  jitLocations(dropOffDate: $dropOffDate, location: $location) { itemName count overCapacityAmount }\n}": typeof types.JitLocationsDocument,
    "query OpsLocationsSnapshot {\n  opsLocationsSnapshot { url asOf }\n}": typeof types.OpsLocationsSnapshotDocument,
    "query ParsOpsLocations($nextToken: String) {\n  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }\n}": typeof types.ParsOpsLocationsDocument,
    "mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {\n  uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } }\n}": typeof types.UploadParMapsDocument,
    "query Planogram($layoutName: String!) {\n  planogram(layoutName: $layoutName) {\n    layoutName\n    slots { slot vendItemName physicalFridgeConfig activeHour activeHourCentral updatedBy source }\n    upcoming { slot vendItemName activeHour activeHourCentral user status failureReason }\n  }\n}": typeof types.PlanogramDocument,
    "mutation SchedulePlanogramUpdate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {\n  schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) { successCount errors totalCount }\n}": typeof types.SchedulePlanogramUpdateDocument,
    "query ItemPrices($schemaIds: [String!]) { itemPrices(schemaIds: $schemaIds) { schemaId item price exists } }": typeof types.ItemPricesDocument,
    "query PriceSchemaIds { priceSchemaIds }": typeof types.PriceSchemaIdsDocument,
    "mutation UpdateItemPrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) {\n  updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) { message errors written rowErrors { line errors } }\n}": typeof types.UpdateItemPricesDocument,
    "mutation AssignRouteDriver($input: AssignRouteDriverInput!) {\n  assignRouteDriver(input: $input) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}": typeof types.AssignRouteDriverDocument,
    "query LocationRoutes($stockingDate: String!, $calculateTotes: Boolean) {\n  locationRoutes(stockingDate: $stockingDate, calculateTotes: $calculateTotes) {\n    routes { route stop market id stockingDate stopType stockingIndex toteCountPerStop toteCountPerRoute }\n  }\n}": typeof types.LocationRoutesDocument,
    "query RouteAssignments($stockingDate: String!) {\n  routeAssignments(stockingDate: $stockingDate) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}": typeof types.RouteAssignmentsDocument,
    "query RouteDriverChoices {\n  routeDriverChoices { sub email name }\n}": typeof types.RouteDriverChoicesDocument,
    "query RouteDriverHistory($stockingDate: String!, $route: String!, $nextToken: String) {\n  routeDriverHistory(stockingDate: $stockingDate, route: $route, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": typeof types.RouteDriverHistoryDocument,
    "query RouteSettings {\n  routeSettings { claimsAllowed version changedBy changedAt }\n}": typeof types.RouteSettingsDocument,
    "mutation SetRouteClaims($input: SetRouteClaimsInput!) {\n  setRouteClaims(input: $input) { claimsAllowed version changedBy changedAt }\n}": typeof types.SetRouteClaimsDocument,
    "\n  query LocationServicesStatus {\n    locationServicesStatus {\n      status\n      checkedAt\n    }\n  }\n": typeof types.LocationServicesStatusDocument,
    "query FridgeSoftwareDeployments($artifactType: String!, $nextToken: String) {\n  fridgeSoftwareDeployments(artifactType: $artifactType, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue } }\n    nextToken\n  }\n}": typeof types.FridgeSoftwareDeploymentsDocument,
    "query GetAvailableFridgeArtifacts {\n  getAvailableFridgeArtifacts { artifactType availableVersions { version cleanName versionName rawVersion } }\n}": typeof types.GetAvailableFridgeArtifactsDocument,
    "query FridgeSoftwareSnapshot {\n  fridgeSoftwareSnapshot { url }\n}": typeof types.FridgeSoftwareSnapshotDocument,
    "query GetFridgeArtifacts {\n  getFridgeArtifacts { artifactType versions { versionName fridgesDeployedTo } }\n}": typeof types.GetFridgeArtifactsDocument,
    "query GetFridgeSoftwarePilots($onlyShowActive: Boolean) {\n  getFridgeSoftwarePilots(onlyShowActive: $onlyShowActive) {\n    id fridgeIds displayName stage startDate endDate description active version\n  }\n}": typeof types.GetFridgeSoftwarePilotsDocument,
    "mutation PutFridgeSoftwarePilot($input: FridgeSoftwarePilotInput!) {\n  putFridgeSoftwarePilot(input: $input)\n}": typeof types.PutFridgeSoftwarePilotDocument,
    "mutation UpdateFridgeArtifacts($artifactType: String!, $version: String!, $fridges: [ID!]!) {\n  updateFridgeArtifacts(artifactType: $artifactType, version: $version, fridges: $fridges) { pk sk artifactType objectKey }\n}": typeof types.UpdateFridgeArtifactsDocument,
    "mutation AcknowledgeAttention($input: AcknowledgeAttentionInput!) {\n  acknowledgeAttention(input: $input) {\n    stockingDay key by at note taken\n  }\n}": typeof types.AcknowledgeAttentionDocument,
    "mutation CorrectLocationStocked($input: CorrectLocationStockedInput!) {\n  correctLocationStocked(input: $input) {\n    actionId locationId stockingDay stockingIndex change occurredAt stockedAt\n  }\n}": typeof types.CorrectLocationStockedDocument,
    "subscription OnStockingChanged($dropOffDate: String!) {\n  onStockingChanged(dropOffDate: $dropOffDate) {\n    dropOffDate route locationId stockingIndex kind changedAt\n  }\n}": typeof types.OnStockingChangedDocument,
    "query DashboardRouteOptions($stockingDate: String!) {\n  locationRoutes(stockingDate: $stockingDate) { routes { route market } }\n}": typeof types.DashboardRouteOptionsDocument,
    "query StockedHistory($stockingDay: String!, $locationId: ID!, $stockingIndex: Int!, $nextToken: String) {\n  stockedHistory(stockingDay: $stockingDay, locationId: $locationId, stockingIndex: $stockingIndex, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": typeof types.StockedHistoryDocument,
    "query StockingDashboardAttention($filter: StockingDashboardFilter!) {\n  stockingDashboard(filter: $filter, rowsUpTo: 1) {\n    attention { ...AttentionPanelFields }\n  }\n}": typeof types.StockingDashboardAttentionDocument,
    "query StockingDashboardRows($filter: StockingDashboardFilter!, $rowsUpTo: Int) {\n  stockingDashboard(filter: $filter, rowsUpTo: $rowsUpTo) {\n    routes { route rowsDigest stops { ...DashboardStopFields } }\n  }\n}": typeof types.StockingDashboardRowsDocument,
    "fragment DashboardStopFields on DashboardStop {\n  stop stockingIndex stopType routeName locationId locationName type scannedAt stockedAt stockedActionId accountTier\n  onlineDate safetyHold vendingState vendingStateLabel status statusLabel driver driverEmail assignedDriver\n  assignedDriverEmail notAssignee lastActionAt\n}": typeof types.DashboardStopFieldsFragmentDoc,
    "fragment AttentionPanelFields on AttentionPanel {\n  open { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  resolved { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  counts { kind label open resolved }\n  digest unchanged whole\n}": typeof types.AttentionPanelFieldsFragmentDoc,
    "query StockingDashboard(\n  $filter: StockingDashboardFilter!\n  $routesWithRows: Int\n  $rowsUpTo: Int\n  $shownRoutes: [ShownDashboardRoute!]\n  $shownAttention: String\n  $attentionPerKind: Int\n) {\n  stockingDashboard(\n    filter: $filter\n    routesWithRows: $routesWithRows\n    rowsUpTo: $rowsUpTo\n    shownRoutes: $shownRoutes\n    shownAttention: $shownAttention\n    attentionPerKind: $attentionPerKind\n  ) {\n    dropOffDate windowStart windowEnd asOf routeNames\n    routes {\n      route market total done lastActionAt rowsDigest unchanged\n      stops { ...DashboardStopFields }\n    }\n    summary { total counts { status label count } }\n    attention { ...AttentionPanelFields }\n    parts { slips actions health locations }\n  }\n}": typeof types.StockingDashboardDocument,
    "\n  query MyAccess {\n    myAccess {\n      actions\n      flags\n    }\n  }\n": typeof types.MyAccessDocument,
    "query GetLocation($id: ID!) {\n  getLocation(id: $id) {\n    id type prettyName status publicStatus accessTo street city state zipCode directions\n    aprivaDeviceAddress covid19 fridgeModel hostname fridgeSchema hours workHours\n    holidayScreenEnabled holidayScreenFridgeSpecific holidayScreenStartDate holidayScreenEndDate\n    ip latitude longitude layoutName onlineDate paymentGateway percentage priceMapTemplate prod\n    reserve route stop serialPort stockingSchedule taxRate timeZone vertical baseCommission\n    lastModified lastModifiedBy updateReason version timeZoneLabel timeZoneIana\n  }\n}": typeof types.GetLocationDocument,
    "query GetPlanogramNames { getPlanogramNames }": typeof types.GetPlanogramNamesDocument,
    "query GetFridgeSchemasTemplates { getFridgeSchemasTemplates }": typeof types.GetFridgeSchemasTemplatesDocument,
    "query GetPriceMapTemplates { getPriceMapTemplates }": typeof types.GetPriceMapTemplatesDocument,
    "query ListLocations($filter: LocationsFilter, $nextToken: String) {\n  locations(filter: $filter, nextToken: $nextToken) { items { id type prettyName route stop status prod } nextToken }\n}": typeof types.ListLocationsDocument,
};
const documents: Documents = {
    "query DropOffSummary($dropOffDate: String!) {\n  dropOffSummary(dropOffDate: $dropOffDate) {\n    dropOffDate unconfirmed\n    rows {\n      extendedId locationId locationType routeId packingSlipId stockingIndex pickDate\n      dropStatus statusReason createdBy locked\n    }\n  }\n}": types.DropOffSummaryDocument,
    "query DropOverrideHistory($dropOffDate: String!, $packingSlipId: ID!, $nextToken: String) {\n  dropOverrideHistory(dropOffDate: $dropOffDate, packingSlipId: $packingSlipId, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": types.DropOverrideHistoryDocument,
    "mutation OverrideDrop($input: CreateDriverActionInput!) {\n  createDriverAction(input: $input) { id }\n}": types.OverrideDropDocument,
    "mutation RevertDropOverride($input: RevertDropOverrideInput!) {\n  revertDropOverride(input: $input) { dropOffDate packingSlipId dropStatus revertedStatus }\n}": types.RevertDropOverrideDocument,
    "mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {\n  createQueueMessage(location: $location, message: $message, requestId: $requestId) {\n    id timestamp messageId messageType operation resource sentBy state doneAt\n  }\n}": types.CreateQueueMessageDocument,
    "query FleetHealthSnapshot {\n  fleetHealthSnapshot { url asOf fridges }\n}": types.FleetHealthSnapshotDocument,
    "query FridgeTemperatures($location: ID!, $hours: Int) {\n  fridgeTemperatures(location: $location, hours: $hours) { timestamp temperature }\n}": types.FridgeTemperaturesDocument,
    "query GetFridgeEvents($location: ID!, $eventTypes: [String!], $nextToken: String) {\n  getFridgeEvents(location: $location, eventTypes: $eventTypes, nextToken: $nextToken) {\n    items { location eventType timestamp }\n    nextToken\n  }\n}": types.GetFridgeEventsDocument,
    "query FridgeHealth($filter: FridgeHealthFilter!) {\n  fridgeHealth(filter: $filter) { ...FridgeHealthFields }\n}": types.FridgeHealthDocument,
    "query GetFridgeSegmentEvents($location: ID!, $types: [String!], $nextToken: String) {\n  getFridgeSegmentEvents(location: $location, fridgeSegmentEventType: $types, nextToken: $nextToken) {\n    items { eventType date payload }\n    nextToken\n  }\n}": types.GetFridgeSegmentEventsDocument,
    "fragment FridgeHealthFields on FridgeHealth {\n  locationId jofemarState safetyHold safetyHoldTs inaccessible outOfOrder outOfOrderTs\n  hdmi elo cardReader electricalLayout timezone activeTicket temperature temperatureSetpoint\n  timestamp networkSpeed { previousSpeed } serverVersion allReasons connectedLayout { x y }\n  recycleDoorState { doorState lockState } sundryDoorState { doorState lockState }\n  liteFridgeState { topShellLatchState bottomShellLatchState shellLockState status }\n}": types.FridgeHealthFieldsFragmentDoc,
    "subscription OnCommandChanged($locationId: ID!) {\n  onCommandChanged(locationId: $locationId) { locationId messageId state changedAt }\n}": types.OnCommandChangedDocument,
    "query ReadQueueMessages($id: ID!, $count: Int, $nextToken: String) {\n  readQueueMessages(id: $id, count: $count, nextToken: $nextToken) {\n    items { id timestamp messageId messageType operation resource sentBy state doneAt }\n    nextToken\n  }\n}": types.ReadQueueMessagesDocument,
    "mutation SendConfirmedInventoryAndConfirmedReservation($locationId: ID!) {\n  sendConfirmedInventoryAndConfirmedReservation(locationId: $locationId) { success message }\n}": types.SendConfirmedInventoryAndConfirmedReservationDocument,
    "query JitManagement($input: JitLocationsInput!) {\n  jitManagement(input: $input) {\n    dropOffDate\n    rows {\n      stockingId region market routeId locationId stop stockingIndex jitEnabled stockedTimeUTC jitUnits lockedReason\n      update { jit reason email updatedAt }\n    }\n  }\n}": types.JitManagementDocument,
    "mutation UpdateJitLocationStatus($input: [JitUpdateInput!]!) {\n  updateJITLocationStatus(input: $input) {\n    stockingId message orderId jitStatusUpdate jitAllocationItemsClear error\n  }\n}": types.UpdateJitLocationStatusDocument,
    "mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id } }": types.CreateLocationDocument,
    "mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {\n  createScheduleChange(input: $input) { uuid actionTime }\n}": types.CreateScheduleChangeDocument,
    "mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {\n  deleteScheduleChange(input: $input)\n}": types.DeleteScheduleChangeDocument,
    "mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {\n  generateAprivaDeviceAddress(input: $input)\n}": types.GenerateAprivaDeviceAddressDocument,
    "query LocationHistory($id: ID!, $nextToken: String) {\n  locationHistory(id: $id, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": types.LocationHistoryDocument,
    "query UpcomingScheduleChanges($days: Int) {\n  upcomingScheduleChanges(days: $days) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}": types.UpcomingScheduleChangesDocument,
    "query ReadScheduleChange($filter: ScheduleChangeFilter!) {\n  readScheduleChange(filter: $filter) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}": types.ReadScheduleChangeDocument,
    "mutation UpdateLocation($input: AWSJSON!) { updateLocation(input: $input) { id } }": types.UpdateLocationDocument,
    "query FulfillmentCenters {\n  fulfillmentCenters\n}": types.FulfillmentCentersDocument,
    "query LogiNextSyncJobs {\n  logiNextSyncJobs {\n    id state startDate endDate fulfillmentCenters createdAt createdBy dates datesDone datesFailed\n    routesChanged stopsChanged error finishedAt\n  }\n}": types.LogiNextSyncJobsDocument,
    "mutation SyncLogiNextLocRoutes($input: SyncLogiNextInput!) {\n  syncLogiNextLocRoutes(input: $input) { message job { id state } }\n}": types.SyncLogiNextLocRoutesDocument,
    "query FridgeOrderCounts($deliveryDates: [String!]!) {\n  fridgeOrderCounts(deliveryDates: $deliveryDates) { deliveryDate count }\n}": types.FridgeOrderCountsDocument,
    "query JitLocations($dropOffDate: String!, $location: ID!) {\n  jitLocations(dropOffDate: $dropOffDate, location: $location) { itemName count overCapacityAmount }\n}": types.JitLocationsDocument,
    "query OpsLocationsSnapshot {\n  opsLocationsSnapshot { url asOf }\n}": types.OpsLocationsSnapshotDocument,
    "query ParsOpsLocations($nextToken: String) {\n  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }\n}": types.ParsOpsLocationsDocument,
    "mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {\n  uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } }\n}": types.UploadParMapsDocument,
    "query Planogram($layoutName: String!) {\n  planogram(layoutName: $layoutName) {\n    layoutName\n    slots { slot vendItemName physicalFridgeConfig activeHour activeHourCentral updatedBy source }\n    upcoming { slot vendItemName activeHour activeHourCentral user status failureReason }\n  }\n}": types.PlanogramDocument,
    "mutation SchedulePlanogramUpdate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {\n  schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) { successCount errors totalCount }\n}": types.SchedulePlanogramUpdateDocument,
    "query ItemPrices($schemaIds: [String!]) { itemPrices(schemaIds: $schemaIds) { schemaId item price exists } }": types.ItemPricesDocument,
    "query PriceSchemaIds { priceSchemaIds }": types.PriceSchemaIdsDocument,
    "mutation UpdateItemPrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) {\n  updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) { message errors written rowErrors { line errors } }\n}": types.UpdateItemPricesDocument,
    "mutation AssignRouteDriver($input: AssignRouteDriverInput!) {\n  assignRouteDriver(input: $input) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}": types.AssignRouteDriverDocument,
    "query LocationRoutes($stockingDate: String!, $calculateTotes: Boolean) {\n  locationRoutes(stockingDate: $stockingDate, calculateTotes: $calculateTotes) {\n    routes { route stop market id stockingDate stopType stockingIndex toteCountPerStop toteCountPerRoute }\n  }\n}": types.LocationRoutesDocument,
    "query RouteAssignments($stockingDate: String!) {\n  routeAssignments(stockingDate: $stockingDate) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}": types.RouteAssignmentsDocument,
    "query RouteDriverChoices {\n  routeDriverChoices { sub email name }\n}": types.RouteDriverChoicesDocument,
    "query RouteDriverHistory($stockingDate: String!, $route: String!, $nextToken: String) {\n  routeDriverHistory(stockingDate: $stockingDate, route: $route, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": types.RouteDriverHistoryDocument,
    "query RouteSettings {\n  routeSettings { claimsAllowed version changedBy changedAt }\n}": types.RouteSettingsDocument,
    "mutation SetRouteClaims($input: SetRouteClaimsInput!) {\n  setRouteClaims(input: $input) { claimsAllowed version changedBy changedAt }\n}": types.SetRouteClaimsDocument,
    "\n  query LocationServicesStatus {\n    locationServicesStatus {\n      status\n      checkedAt\n    }\n  }\n": types.LocationServicesStatusDocument,
    "query FridgeSoftwareDeployments($artifactType: String!, $nextToken: String) {\n  fridgeSoftwareDeployments(artifactType: $artifactType, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue } }\n    nextToken\n  }\n}": types.FridgeSoftwareDeploymentsDocument,
    "query GetAvailableFridgeArtifacts {\n  getAvailableFridgeArtifacts { artifactType availableVersions { version cleanName versionName rawVersion } }\n}": types.GetAvailableFridgeArtifactsDocument,
    "query FridgeSoftwareSnapshot {\n  fridgeSoftwareSnapshot { url }\n}": types.FridgeSoftwareSnapshotDocument,
    "query GetFridgeArtifacts {\n  getFridgeArtifacts { artifactType versions { versionName fridgesDeployedTo } }\n}": types.GetFridgeArtifactsDocument,
    "query GetFridgeSoftwarePilots($onlyShowActive: Boolean) {\n  getFridgeSoftwarePilots(onlyShowActive: $onlyShowActive) {\n    id fridgeIds displayName stage startDate endDate description active version\n  }\n}": types.GetFridgeSoftwarePilotsDocument,
    "mutation PutFridgeSoftwarePilot($input: FridgeSoftwarePilotInput!) {\n  putFridgeSoftwarePilot(input: $input)\n}": types.PutFridgeSoftwarePilotDocument,
    "mutation UpdateFridgeArtifacts($artifactType: String!, $version: String!, $fridges: [ID!]!) {\n  updateFridgeArtifacts(artifactType: $artifactType, version: $version, fridges: $fridges) { pk sk artifactType objectKey }\n}": types.UpdateFridgeArtifactsDocument,
    "mutation AcknowledgeAttention($input: AcknowledgeAttentionInput!) {\n  acknowledgeAttention(input: $input) {\n    stockingDay key by at note taken\n  }\n}": types.AcknowledgeAttentionDocument,
    "mutation CorrectLocationStocked($input: CorrectLocationStockedInput!) {\n  correctLocationStocked(input: $input) {\n    actionId locationId stockingDay stockingIndex change occurredAt stockedAt\n  }\n}": types.CorrectLocationStockedDocument,
    "subscription OnStockingChanged($dropOffDate: String!) {\n  onStockingChanged(dropOffDate: $dropOffDate) {\n    dropOffDate route locationId stockingIndex kind changedAt\n  }\n}": types.OnStockingChangedDocument,
    "query DashboardRouteOptions($stockingDate: String!) {\n  locationRoutes(stockingDate: $stockingDate) { routes { route market } }\n}": types.DashboardRouteOptionsDocument,
    "query StockedHistory($stockingDay: String!, $locationId: ID!, $stockingIndex: Int!, $nextToken: String) {\n  stockedHistory(stockingDay: $stockingDay, locationId: $locationId, stockingIndex: $stockingIndex, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}": types.StockedHistoryDocument,
    "query StockingDashboardAttention($filter: StockingDashboardFilter!) {\n  stockingDashboard(filter: $filter, rowsUpTo: 1) {\n    attention { ...AttentionPanelFields }\n  }\n}": types.StockingDashboardAttentionDocument,
    "query StockingDashboardRows($filter: StockingDashboardFilter!, $rowsUpTo: Int) {\n  stockingDashboard(filter: $filter, rowsUpTo: $rowsUpTo) {\n    routes { route rowsDigest stops { ...DashboardStopFields } }\n  }\n}": types.StockingDashboardRowsDocument,
    "fragment DashboardStopFields on DashboardStop {\n  stop stockingIndex stopType routeName locationId locationName type scannedAt stockedAt stockedActionId accountTier\n  onlineDate safetyHold vendingState vendingStateLabel status statusLabel driver driverEmail assignedDriver\n  assignedDriverEmail notAssignee lastActionAt\n}": types.DashboardStopFieldsFragmentDoc,
    "fragment AttentionPanelFields on AttentionPanel {\n  open { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  resolved { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  counts { kind label open resolved }\n  digest unchanged whole\n}": types.AttentionPanelFieldsFragmentDoc,
    "query StockingDashboard(\n  $filter: StockingDashboardFilter!\n  $routesWithRows: Int\n  $rowsUpTo: Int\n  $shownRoutes: [ShownDashboardRoute!]\n  $shownAttention: String\n  $attentionPerKind: Int\n) {\n  stockingDashboard(\n    filter: $filter\n    routesWithRows: $routesWithRows\n    rowsUpTo: $rowsUpTo\n    shownRoutes: $shownRoutes\n    shownAttention: $shownAttention\n    attentionPerKind: $attentionPerKind\n  ) {\n    dropOffDate windowStart windowEnd asOf routeNames\n    routes {\n      route market total done lastActionAt rowsDigest unchanged\n      stops { ...DashboardStopFields }\n    }\n    summary { total counts { status label count } }\n    attention { ...AttentionPanelFields }\n    parts { slips actions health locations }\n  }\n}": types.StockingDashboardDocument,
    "\n  query MyAccess {\n    myAccess {\n      actions\n      flags\n    }\n  }\n": types.MyAccessDocument,
    "query GetLocation($id: ID!) {\n  getLocation(id: $id) {\n    id type prettyName status publicStatus accessTo street city state zipCode directions\n    aprivaDeviceAddress covid19 fridgeModel hostname fridgeSchema hours workHours\n    holidayScreenEnabled holidayScreenFridgeSpecific holidayScreenStartDate holidayScreenEndDate\n    ip latitude longitude layoutName onlineDate paymentGateway percentage priceMapTemplate prod\n    reserve route stop serialPort stockingSchedule taxRate timeZone vertical baseCommission\n    lastModified lastModifiedBy updateReason version timeZoneLabel timeZoneIana\n  }\n}": types.GetLocationDocument,
    "query GetPlanogramNames { getPlanogramNames }": types.GetPlanogramNamesDocument,
    "query GetFridgeSchemasTemplates { getFridgeSchemasTemplates }": types.GetFridgeSchemasTemplatesDocument,
    "query GetPriceMapTemplates { getPriceMapTemplates }": types.GetPriceMapTemplatesDocument,
    "query ListLocations($filter: LocationsFilter, $nextToken: String) {\n  locations(filter: $filter, nextToken: $nextToken) { items { id type prettyName route stop status prod } nextToken }\n}": types.ListLocationsDocument,
};

/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query DropOffSummary($dropOffDate: String!) {\n  dropOffSummary(dropOffDate: $dropOffDate) {\n    dropOffDate unconfirmed\n    rows {\n      extendedId locationId locationType routeId packingSlipId stockingIndex pickDate\n      dropStatus statusReason createdBy locked\n    }\n  }\n}"): typeof import('./graphql').DropOffSummaryDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query DropOverrideHistory($dropOffDate: String!, $packingSlipId: ID!, $nextToken: String) {\n  dropOverrideHistory(dropOffDate: $dropOffDate, packingSlipId: $packingSlipId, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}"): typeof import('./graphql').DropOverrideHistoryDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation OverrideDrop($input: CreateDriverActionInput!) {\n  createDriverAction(input: $input) { id }\n}"): typeof import('./graphql').OverrideDropDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation RevertDropOverride($input: RevertDropOverrideInput!) {\n  revertDropOverride(input: $input) { dropOffDate packingSlipId dropStatus revertedStatus }\n}"): typeof import('./graphql').RevertDropOverrideDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {\n  createQueueMessage(location: $location, message: $message, requestId: $requestId) {\n    id timestamp messageId messageType operation resource sentBy state doneAt\n  }\n}"): typeof import('./graphql').CreateQueueMessageDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FleetHealthSnapshot {\n  fleetHealthSnapshot { url asOf fridges }\n}"): typeof import('./graphql').FleetHealthSnapshotDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FridgeTemperatures($location: ID!, $hours: Int) {\n  fridgeTemperatures(location: $location, hours: $hours) { timestamp temperature }\n}"): typeof import('./graphql').FridgeTemperaturesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetFridgeEvents($location: ID!, $eventTypes: [String!], $nextToken: String) {\n  getFridgeEvents(location: $location, eventTypes: $eventTypes, nextToken: $nextToken) {\n    items { location eventType timestamp }\n    nextToken\n  }\n}"): typeof import('./graphql').GetFridgeEventsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FridgeHealth($filter: FridgeHealthFilter!) {\n  fridgeHealth(filter: $filter) { ...FridgeHealthFields }\n}"): typeof import('./graphql').FridgeHealthDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetFridgeSegmentEvents($location: ID!, $types: [String!], $nextToken: String) {\n  getFridgeSegmentEvents(location: $location, fridgeSegmentEventType: $types, nextToken: $nextToken) {\n    items { eventType date payload }\n    nextToken\n  }\n}"): typeof import('./graphql').GetFridgeSegmentEventsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "fragment FridgeHealthFields on FridgeHealth {\n  locationId jofemarState safetyHold safetyHoldTs inaccessible outOfOrder outOfOrderTs\n  hdmi elo cardReader electricalLayout timezone activeTicket temperature temperatureSetpoint\n  timestamp networkSpeed { previousSpeed } serverVersion allReasons connectedLayout { x y }\n  recycleDoorState { doorState lockState } sundryDoorState { doorState lockState }\n  liteFridgeState { topShellLatchState bottomShellLatchState shellLockState status }\n}"): typeof import('./graphql').FridgeHealthFieldsFragmentDoc;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "subscription OnCommandChanged($locationId: ID!) {\n  onCommandChanged(locationId: $locationId) { locationId messageId state changedAt }\n}"): typeof import('./graphql').OnCommandChangedDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query ReadQueueMessages($id: ID!, $count: Int, $nextToken: String) {\n  readQueueMessages(id: $id, count: $count, nextToken: $nextToken) {\n    items { id timestamp messageId messageType operation resource sentBy state doneAt }\n    nextToken\n  }\n}"): typeof import('./graphql').ReadQueueMessagesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation SendConfirmedInventoryAndConfirmedReservation($locationId: ID!) {\n  sendConfirmedInventoryAndConfirmedReservation(locationId: $locationId) { success message }\n}"): typeof import('./graphql').SendConfirmedInventoryAndConfirmedReservationDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query JitManagement($input: JitLocationsInput!) {\n  jitManagement(input: $input) {\n    dropOffDate\n    rows {\n      stockingId region market routeId locationId stop stockingIndex jitEnabled stockedTimeUTC jitUnits lockedReason\n      update { jit reason email updatedAt }\n    }\n  }\n}"): typeof import('./graphql').JitManagementDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation UpdateJitLocationStatus($input: [JitUpdateInput!]!) {\n  updateJITLocationStatus(input: $input) {\n    stockingId message orderId jitStatusUpdate jitAllocationItemsClear error\n  }\n}"): typeof import('./graphql').UpdateJitLocationStatusDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id } }"): typeof import('./graphql').CreateLocationDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {\n  createScheduleChange(input: $input) { uuid actionTime }\n}"): typeof import('./graphql').CreateScheduleChangeDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {\n  deleteScheduleChange(input: $input)\n}"): typeof import('./graphql').DeleteScheduleChangeDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {\n  generateAprivaDeviceAddress(input: $input)\n}"): typeof import('./graphql').GenerateAprivaDeviceAddressDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query LocationHistory($id: ID!, $nextToken: String) {\n  locationHistory(id: $id, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}"): typeof import('./graphql').LocationHistoryDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query UpcomingScheduleChanges($days: Int) {\n  upcomingScheduleChanges(days: $days) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}"): typeof import('./graphql').UpcomingScheduleChangesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query ReadScheduleChange($filter: ScheduleChangeFilter!) {\n  readScheduleChange(filter: $filter) {\n    uuid actionTime id user version change { id table attribute value }\n    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning\n  }\n}"): typeof import('./graphql').ReadScheduleChangeDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation UpdateLocation($input: AWSJSON!) { updateLocation(input: $input) { id } }"): typeof import('./graphql').UpdateLocationDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FulfillmentCenters {\n  fulfillmentCenters\n}"): typeof import('./graphql').FulfillmentCentersDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query LogiNextSyncJobs {\n  logiNextSyncJobs {\n    id state startDate endDate fulfillmentCenters createdAt createdBy dates datesDone datesFailed\n    routesChanged stopsChanged error finishedAt\n  }\n}"): typeof import('./graphql').LogiNextSyncJobsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation SyncLogiNextLocRoutes($input: SyncLogiNextInput!) {\n  syncLogiNextLocRoutes(input: $input) { message job { id state } }\n}"): typeof import('./graphql').SyncLogiNextLocRoutesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FridgeOrderCounts($deliveryDates: [String!]!) {\n  fridgeOrderCounts(deliveryDates: $deliveryDates) { deliveryDate count }\n}"): typeof import('./graphql').FridgeOrderCountsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query JitLocations($dropOffDate: String!, $location: ID!) {\n  jitLocations(dropOffDate: $dropOffDate, location: $location) { itemName count overCapacityAmount }\n}"): typeof import('./graphql').JitLocationsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query OpsLocationsSnapshot {\n  opsLocationsSnapshot { url asOf }\n}"): typeof import('./graphql').OpsLocationsSnapshotDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query ParsOpsLocations($nextToken: String) {\n  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }\n}"): typeof import('./graphql').ParsOpsLocationsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {\n  uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } }\n}"): typeof import('./graphql').UploadParMapsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query Planogram($layoutName: String!) {\n  planogram(layoutName: $layoutName) {\n    layoutName\n    slots { slot vendItemName physicalFridgeConfig activeHour activeHourCentral updatedBy source }\n    upcoming { slot vendItemName activeHour activeHourCentral user status failureReason }\n  }\n}"): typeof import('./graphql').PlanogramDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation SchedulePlanogramUpdate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {\n  schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) { successCount errors totalCount }\n}"): typeof import('./graphql').SchedulePlanogramUpdateDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query ItemPrices($schemaIds: [String!]) { itemPrices(schemaIds: $schemaIds) { schemaId item price exists } }"): typeof import('./graphql').ItemPricesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query PriceSchemaIds { priceSchemaIds }"): typeof import('./graphql').PriceSchemaIdsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation UpdateItemPrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) {\n  updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) { message errors written rowErrors { line errors } }\n}"): typeof import('./graphql').UpdateItemPricesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation AssignRouteDriver($input: AssignRouteDriverInput!) {\n  assignRouteDriver(input: $input) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}"): typeof import('./graphql').AssignRouteDriverDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query LocationRoutes($stockingDate: String!, $calculateTotes: Boolean) {\n  locationRoutes(stockingDate: $stockingDate, calculateTotes: $calculateTotes) {\n    routes { route stop market id stockingDate stopType stockingIndex toteCountPerStop toteCountPerRoute }\n  }\n}"): typeof import('./graphql').LocationRoutesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query RouteAssignments($stockingDate: String!) {\n  routeAssignments(stockingDate: $stockingDate) {\n    stockingDate route driverEmail driverSub assignedBy assignedAt source version\n  }\n}"): typeof import('./graphql').RouteAssignmentsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query RouteDriverChoices {\n  routeDriverChoices { sub email name }\n}"): typeof import('./graphql').RouteDriverChoicesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query RouteDriverHistory($stockingDate: String!, $route: String!, $nextToken: String) {\n  routeDriverHistory(stockingDate: $stockingDate, route: $route, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}"): typeof import('./graphql').RouteDriverHistoryDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query RouteSettings {\n  routeSettings { claimsAllowed version changedBy changedAt }\n}"): typeof import('./graphql').RouteSettingsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation SetRouteClaims($input: SetRouteClaimsInput!) {\n  setRouteClaims(input: $input) { claimsAllowed version changedBy changedAt }\n}"): typeof import('./graphql').SetRouteClaimsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "\n  query LocationServicesStatus {\n    locationServicesStatus {\n      status\n      checkedAt\n    }\n  }\n"): typeof import('./graphql').LocationServicesStatusDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FridgeSoftwareDeployments($artifactType: String!, $nextToken: String) {\n  fridgeSoftwareDeployments(artifactType: $artifactType, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue } }\n    nextToken\n  }\n}"): typeof import('./graphql').FridgeSoftwareDeploymentsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetAvailableFridgeArtifacts {\n  getAvailableFridgeArtifacts { artifactType availableVersions { version cleanName versionName rawVersion } }\n}"): typeof import('./graphql').GetAvailableFridgeArtifactsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query FridgeSoftwareSnapshot {\n  fridgeSoftwareSnapshot { url }\n}"): typeof import('./graphql').FridgeSoftwareSnapshotDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetFridgeArtifacts {\n  getFridgeArtifacts { artifactType versions { versionName fridgesDeployedTo } }\n}"): typeof import('./graphql').GetFridgeArtifactsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetFridgeSoftwarePilots($onlyShowActive: Boolean) {\n  getFridgeSoftwarePilots(onlyShowActive: $onlyShowActive) {\n    id fridgeIds displayName stage startDate endDate description active version\n  }\n}"): typeof import('./graphql').GetFridgeSoftwarePilotsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation PutFridgeSoftwarePilot($input: FridgeSoftwarePilotInput!) {\n  putFridgeSoftwarePilot(input: $input)\n}"): typeof import('./graphql').PutFridgeSoftwarePilotDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation UpdateFridgeArtifacts($artifactType: String!, $version: String!, $fridges: [ID!]!) {\n  updateFridgeArtifacts(artifactType: $artifactType, version: $version, fridges: $fridges) { pk sk artifactType objectKey }\n}"): typeof import('./graphql').UpdateFridgeArtifactsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation AcknowledgeAttention($input: AcknowledgeAttentionInput!) {\n  acknowledgeAttention(input: $input) {\n    stockingDay key by at note taken\n  }\n}"): typeof import('./graphql').AcknowledgeAttentionDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "mutation CorrectLocationStocked($input: CorrectLocationStockedInput!) {\n  correctLocationStocked(input: $input) {\n    actionId locationId stockingDay stockingIndex change occurredAt stockedAt\n  }\n}"): typeof import('./graphql').CorrectLocationStockedDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "subscription OnStockingChanged($dropOffDate: String!) {\n  onStockingChanged(dropOffDate: $dropOffDate) {\n    dropOffDate route locationId stockingIndex kind changedAt\n  }\n}"): typeof import('./graphql').OnStockingChangedDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query DashboardRouteOptions($stockingDate: String!) {\n  locationRoutes(stockingDate: $stockingDate) { routes { route market } }\n}"): typeof import('./graphql').DashboardRouteOptionsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query StockedHistory($stockingDay: String!, $locationId: ID!, $stockingIndex: Int!, $nextToken: String) {\n  stockedHistory(stockingDay: $stockingDay, locationId: $locationId, stockingIndex: $stockingIndex, nextToken: $nextToken) {\n    items { at who source changes { attribute oldValue newValue reason } }\n    nextToken\n  }\n}"): typeof import('./graphql').StockedHistoryDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query StockingDashboardAttention($filter: StockingDashboardFilter!) {\n  stockingDashboard(filter: $filter, rowsUpTo: 1) {\n    attention { ...AttentionPanelFields }\n  }\n}"): typeof import('./graphql').StockingDashboardAttentionDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query StockingDashboardRows($filter: StockingDashboardFilter!, $rowsUpTo: Int) {\n  stockingDashboard(filter: $filter, rowsUpTo: $rowsUpTo) {\n    routes { route rowsDigest stops { ...DashboardStopFields } }\n  }\n}"): typeof import('./graphql').StockingDashboardRowsDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "fragment DashboardStopFields on DashboardStop {\n  stop stockingIndex stopType routeName locationId locationName type scannedAt stockedAt stockedActionId accountTier\n  onlineDate safetyHold vendingState vendingStateLabel status statusLabel driver driverEmail assignedDriver\n  assignedDriverEmail notAssignee lastActionAt\n}"): typeof import('./graphql').DashboardStopFieldsFragmentDoc;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "fragment AttentionPanelFields on AttentionPanel {\n  open { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  resolved { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }\n  counts { kind label open resolved }\n  digest unchanged whole\n}"): typeof import('./graphql').AttentionPanelFieldsFragmentDoc;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query StockingDashboard(\n  $filter: StockingDashboardFilter!\n  $routesWithRows: Int\n  $rowsUpTo: Int\n  $shownRoutes: [ShownDashboardRoute!]\n  $shownAttention: String\n  $attentionPerKind: Int\n) {\n  stockingDashboard(\n    filter: $filter\n    routesWithRows: $routesWithRows\n    rowsUpTo: $rowsUpTo\n    shownRoutes: $shownRoutes\n    shownAttention: $shownAttention\n    attentionPerKind: $attentionPerKind\n  ) {\n    dropOffDate windowStart windowEnd asOf routeNames\n    routes {\n      route market total done lastActionAt rowsDigest unchanged\n      stops { ...DashboardStopFields }\n    }\n    summary { total counts { status label count } }\n    attention { ...AttentionPanelFields }\n    parts { slips actions health locations }\n  }\n}"): typeof import('./graphql').StockingDashboardDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "\n  query MyAccess {\n    myAccess {\n      actions\n      flags\n    }\n  }\n"): typeof import('./graphql').MyAccessDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetLocation($id: ID!) {\n  getLocation(id: $id) {\n    id type prettyName status publicStatus accessTo street city state zipCode directions\n    aprivaDeviceAddress covid19 fridgeModel hostname fridgeSchema hours workHours\n    holidayScreenEnabled holidayScreenFridgeSpecific holidayScreenStartDate holidayScreenEndDate\n    ip latitude longitude layoutName onlineDate paymentGateway percentage priceMapTemplate prod\n    reserve route stop serialPort stockingSchedule taxRate timeZone vertical baseCommission\n    lastModified lastModifiedBy updateReason version timeZoneLabel timeZoneIana\n  }\n}"): typeof import('./graphql').GetLocationDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetPlanogramNames { getPlanogramNames }"): typeof import('./graphql').GetPlanogramNamesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetFridgeSchemasTemplates { getFridgeSchemasTemplates }"): typeof import('./graphql').GetFridgeSchemasTemplatesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query GetPriceMapTemplates { getPriceMapTemplates }"): typeof import('./graphql').GetPriceMapTemplatesDocument;
/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "query ListLocations($filter: LocationsFilter, $nextToken: String) {\n  locations(filter: $filter, nextToken: $nextToken) { items { id type prettyName route stop status prod } nextToken }\n}"): typeof import('./graphql').ListLocationsDocument;


export function gql(source: string) {
  return (documents as any)[source] ?? {};
}
