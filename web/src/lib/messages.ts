/**
 * The 'check your internet and your permissions' family of failure texts: one
 * constant for each exact text. The spec's texts differ in punctuation and
 * capitals ('Check' or 'Please check', a comma or a full stop), and each stays
 * exactly as written, so they are whole texts here, never assembled from parts.
 * messages.test.ts pins every one.
 */

// Spec texts (1-locations §8, 2-fleet-operations, 3-planning-and-reporting).
export const CREATE_LOCATION_FAILURE = 'Unable to Submit new location, Check your internet and your permissions';
export const LOAD_LOCATION_FAILURE = 'Unable to load this location, Please check your internet and your permissions';
export const LOAD_LAYOUT_NAMES_FAILURE = 'Unable to load Layout names, Please check your internet and your permissions';
export const LOAD_PRICE_MAP_TEMPLATES_FAILURE =
  'Unable to load Price map templates, Please check your internet and your permissions';
export const LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE =
  'Unable to load Fridge Schema templates, Please check your internet and your permissions';
export const LOAD_LOCATIONS_FAILURE = 'Unable to load locations, Please check your internet and your permissions';
export const EDIT_FAILURE = 'Unable to Edit, Please check your internet and your permissions';
export const DEVICE_ADDRESS_FAILURE =
  'Unable to generate Apriva device address. Please check your internet and your permissions';
export const GENERATE_CODE_FAILURE = 'Unable to generate code, Check your internet and your permissions';

// The console's own texts in the spec's wording, for screens the spec does not word.
export const CHECK_INTERNET_AND_PERMISSIONS = 'Please check your internet and your permissions';
export const SCHEDULE_CHANGE_FAILURE = 'Unable to schedule the change, Please check your internet and your permissions';
export const DELETE_SCHEDULED_CHANGE_FAILURE =
  'Unable to delete the scheduled change, Please check your internet and your permissions';
export const LOAD_SCHEDULE_FAILURE = 'Unable to load the schedule, Please check your internet and your permissions';
export const LOAD_HISTORY_FAILURE = 'Unable to load the history, Please check your internet and your permissions';
export const LOAD_INVENTORY_FAILURE = 'Unable to load the inventory. Please check your internet and your permissions.';
export const LOAD_REPORT_FAILURE = 'Unable to load the report, Please check your internet and your permissions';
export const LOAD_EXISTING_ORDERS_FAILURE =
  'Unable to load the existing orders, Please check your internet and your permissions';
export const LOAD_USER_PERMISSIONS_FAILURE =
  'Unable to load user permissions, Please check your internet and your permissions';
export const ADD_PERMISSION_FAILURE = 'Unable to add the permission, Please check your internet and your permissions';
export const REMOVE_PERMISSION_FAILURE =
  'Unable to remove the permission, Please check your internet and your permissions';

// The planogram upload's texts, which name the connection only.
export const NOT_PROCESSED_CHECK_INTERNET = 'Not processed. Check your internet and try again.';
export const CHECK_INTERNET = 'Check your internet.';
