/**
 * What each permission action lets a user do, in plain words, for refusals:
 * the action ids (`ViewRoutes`) are the server's names, not the user's. Each
 * phrase follows "permission to". Every action of the server's registry
 * (rules.json `actions`) has words (action-words.test.ts), and so do the
 * groups of 3-planning §6.
 */
export const ACTION_WORDS: Record<string, string> = {
  AcknowledgeAttention: 'acknowledge what needs attention on the stocking dashboard',
  AddScheduledEvent: 'schedule changes to fridges',
  AssignRoutes: 'assign drivers to routes',
  CreateLocation: 'add fridges',
  DeleteScheduledEvents: 'cancel scheduled fridge changes',
  DeployFridgeSoftware: 'deploy fridge software',
  FridgeTasks: 'run fridge tasks',
  GenerateCoupons: 'generate coupon codes',
  GenerateDeviceAddress: 'generate payment device addresses',
  GetAllLocation: 'see the list of locations',
  GetCheckPointStatus: 'see the stocking dashboard',
  GetDriverLog: 'see stocking logs',
  GetEmptyChannel: 'see the empty channel report',
  GetForecast: 'see the forecast',
  GetFridgeHealth: 'see fridge health',
  GetFridgeSoftware: 'see fridge software',
  GetFridgeStock: 'see fridge stock',
  GetInventoryForLocation: "see a fridge's inventory",
  GetItemPrices: 'see item prices',
  GetPars: 'see pars',
  GetPlanograms: 'see planograms',
  GetRouteTemperatures: 'see route temperatures',
  GetScheduledEvents: 'see scheduled fridge changes',
  GetSpecificLocation: "see a location's details",
  GetStockOuts: 'see the stock-outs report',
  GetUniqueFridgeSchemaNames: 'list fridge schema names',
  GetUniqueLayoutNames: 'list planogram layout names',
  GetUniquePMTNames: 'list price map template names',
  GetUniqueRoutes: 'list route names',
  ManageFridgeSoftwarePilots: 'manage fridge software pilots',
  ManageUserPermissions: 'manage user permissions',
  RecordTemperature: 'record van temperatures',
  RevertDropOverride: 'revert drop overrides',
  SchedulePlanograms: 'schedule planogram updates',
  SendFridgeCommands: 'send commands to fridges',
  SuperviseStocking: 'supervise the stocking day',
  SyncLogiNext: 'sync routes with LogiNext',
  UpdateForecast: 'change the forecast',
  UpdateFridgeStock: 'update fridge stock',
  UpdateItemPrices: 'update item prices',
  UpdateLocation: 'edit locations',
  UploadForecast: 'upload forecasts',
  UploadPars: 'upload pars',
  UploadRoutes: 'upload routes',
  VanTasks: 'record van drop-offs and tasks',
  ViewRoutes: 'view routes and their drivers',
};

/**
 * The words for a list of actions any one of which suffices, joined with
 * "or". An action without words (a new one) reads as "do this" rather than
 * by its id.
 */
export function actionWords(actions: readonly string[]): string {
  const words = actions.map((a) => ACTION_WORDS[a] ?? 'do this');
  return [...new Set(words)].join(' or ');
}
