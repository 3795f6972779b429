import { describe, expect, it } from 'vitest';
import * as messages from './messages';

/** Every text of the family, exactly: capitals, commas and full stops included. */
const EXACT: Record<keyof typeof messages, string> = {
  CREATE_LOCATION_FAILURE: 'Unable to Submit new location, Check your internet and your permissions',
  LOAD_LOCATION_FAILURE: 'Unable to load this location, Please check your internet and your permissions',
  LOAD_LAYOUT_NAMES_FAILURE: 'Unable to load Layout names, Please check your internet and your permissions',
  LOAD_PRICE_MAP_TEMPLATES_FAILURE:
    'Unable to load Price map templates, Please check your internet and your permissions',
  LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE:
    'Unable to load Fridge Schema templates, Please check your internet and your permissions',
  LOAD_LOCATIONS_FAILURE: 'Unable to load locations, Please check your internet and your permissions',
  EDIT_FAILURE: 'Unable to Edit, Please check your internet and your permissions',
  DEVICE_ADDRESS_FAILURE: 'Unable to generate Apriva device address. Please check your internet and your permissions',
  GENERATE_CODE_FAILURE: 'Unable to generate code, Check your internet and your permissions',
  CHECK_INTERNET_AND_PERMISSIONS: 'Please check your internet and your permissions',
  SCHEDULE_CHANGE_FAILURE: 'Unable to schedule the change, Please check your internet and your permissions',
  DELETE_SCHEDULED_CHANGE_FAILURE:
    'Unable to delete the scheduled change, Please check your internet and your permissions',
  LOAD_SCHEDULE_FAILURE: 'Unable to load the schedule, Please check your internet and your permissions',
  LOAD_HISTORY_FAILURE: 'Unable to load the history, Please check your internet and your permissions',
  LOAD_INVENTORY_FAILURE: 'Unable to load the inventory. Please check your internet and your permissions.',
  LOAD_REPORT_FAILURE: 'Unable to load the report, Please check your internet and your permissions',
  LOAD_EXISTING_ORDERS_FAILURE: 'Unable to load the existing orders, Please check your internet and your permissions',
  LOAD_USER_PERMISSIONS_FAILURE: 'Unable to load user permissions, Please check your internet and your permissions',
  ADD_PERMISSION_FAILURE: 'Unable to add the permission, Please check your internet and your permissions',
  REMOVE_PERMISSION_FAILURE: 'Unable to remove the permission, Please check your internet and your permissions',
  NOT_PROCESSED_CHECK_INTERNET: 'Not processed. Check your internet and try again.',
  CHECK_INTERNET: 'Check your internet.',
};

describe('the internet and permissions texts', () => {
  it('are each exactly as written, one constant per text', () => {
    expect({ ...messages }).toEqual(EXACT);
    expect(new Set(Object.values(messages)).size).toBe(Object.keys(messages).length);
  });
});
