import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS } from './detail-fields';
import {
  blockingProblem,
  DEVICE_ADDRESS_GENERATED_ONLY,
  initEditorState,
  saveAction,
  SCHEDULE_TIME_EMPTY,
  SCHEDULE_TIME_PAST,
  scheduleAction,
} from './edit-state';
import type { Location } from './types';

const def = (k: string) => DETAIL_FIELDS.find((f) => f.key === k)!;
const loc: Location = {
  id: 'CHI_0001',
  type: 'FRIDGE',
  percentage: 10,
  prod: 0,
  reserve: 1,
  street: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  hours: '24 Hours',
  layoutName: 'dummy',
  stockingSchedule: { Monday: 1, Tuesday: 1, Wednesday: 1, Thursday: 1, Friday: 1, Saturday: 0, Sunday: 0 },
  version: 7,
  timeZone: 'CHICAGO',
  timeZoneLabel: 'CT',
  timeZoneIana: 'America/Chicago',
};
/** What every update sends besides its values: the version loaded and where the edit was made. */
const meta = { version: 7, source: 'Location detail' };

describe('saveAction', () => {
  it('updates a simple field with a number', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '55' };
    expect(saveAction(def('percentage'), loc, s)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', ...meta, percentage: 55 },
    });
  });
  it('sends the version of the location as loaded (0 when it has none yet)', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '55' };
    const a = saveAction(def('percentage'), { ...loc, version: 12 }, s);
    expect(a).toMatchObject({ type: 'update', input: { version: 12, source: 'Location detail' } });
    expect(saveAction(def('percentage'), { ...loc, version: null }, s)).toMatchObject({ input: { version: 0 } });
  });
  it('never sends a typed device address', () => {
    const s = { ...initEditorState(def('aprivaDeviceAddress'), loc), value: 'ABC' };
    expect(saveAction(def('aprivaDeviceAddress'), loc, s)).toEqual({
      type: 'error',
      message: DEVICE_ADDRESS_GENERATED_ONLY,
    });
  });
  it('reports the §5.2 message', () => {
    // taxRate is required on the server (src/generated/rules.json), so empty is refused here too.
    const s = { ...initEditorState(def('taxRate'), loc), value: '' };
    expect(saveAction(def('taxRate'), loc, s)).toEqual({ type: 'error', message: 'taxRate cannot be empty' });
  });
  it('closes when the allocation did not change', () => {
    const s = initEditorState(def('prod'), loc);
    expect(saveAction(def('prod'), loc, s)).toEqual({ type: 'close' });
  });
  it('needs a reason when the allocation changed', () => {
    const s = { ...initEditorState(def('prod'), loc), flag: '1' as const };
    expect(saveAction(def('prod'), loc, s)).toEqual({ type: 'error', message: 'Reason cannot be empty' });
    expect(saveAction(def('prod'), loc, { ...s, reason: 'Other', other: '' })).toEqual({
      type: 'error',
      message: 'Reason cannot be empty',
    });
    expect(saveAction(def('prod'), loc, { ...s, reason: 'Other', other: 'Pilot' })).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', ...meta, prod: 1, updateReason: { prod: 'Pilot' } },
    });
  });
  it('sends the reserve with its reason', () => {
    const s = { ...initEditorState(def('reserve'), loc), flag: '0' as const, reason: 'Connectivity issues' };
    expect(saveAction(def('reserve'), loc, s)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', ...meta, reserve: 0, updateReason: { reserve: 'Connectivity issues' } },
    });
  });
  it('sends the address together', () => {
    const s = initEditorState(def('address'), loc);
    expect(saveAction(def('address'), loc, { ...s, address: { ...s.address, city: '' } })).toEqual({
      type: 'error',
      message: 'city cannot be empty',
    });
    expect(saveAction(def('address'), loc, s)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', ...meta, street: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' },
    });
  });
  it('sends hours as is24Hours and workHours', () => {
    const s = initEditorState(def('hours'), loc);
    const a = saveAction(def('hours'), loc, s);
    expect(a.type).toBe('update');
    if (a.type === 'update') {
      expect(a.input.is24Hours).toBe(true);
      expect((a.input.workHours as Record<string, unknown>).Sunday).toEqual([['00:00', '23:59']]);
    }
    const custom = { ...s, hours: { ...s.hours, is24: 'no' as const } };
    expect(saveAction(def('hours'), loc, custom)).toEqual({
      type: 'error',
      message: 'Time should be entered for atleast one day',
    });
  });
  it('accepts only offered search options', () => {
    const ctx = {
      searchOptions: [
        { value: 'dummy', label: 'Default' },
        { value: 'L2', label: 'L2' },
      ],
    };
    const s = { ...initEditorState(def('layoutName'), loc), value: 'nope' };
    expect(blockingProblem(def('layoutName'), s, ctx)).toBe('Please select a valid option from the dropdown');
    expect(saveAction(def('layoutName'), loc, { ...s, value: 'L2' }, ctx)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', ...meta, layoutName: 'L2' },
    });
  });
  it('sends the stocking schedule as 0/1', () => {
    const s = initEditorState(def('stockingSchedule'), loc);
    s.stocking.Sunday = true;
    const a = saveAction(def('stockingSchedule'), loc, s);
    expect(a).toMatchObject({ type: 'update', input: { stockingSchedule: { Sunday: 1, Saturday: 0, Monday: 1 } } });
  });
});

describe('scheduleAction', () => {
  // 00:00 UTC is 18:00 the evening before in Chicago.
  const now = Date.parse('2030-01-01T00:00:00Z');
  it('needs a future time', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '42' };
    expect(scheduleAction(def('percentage'), loc, s, {}, now)).toEqual({ type: 'error', message: SCHEDULE_TIME_EMPTY });
    expect(scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2029-12-01T10:00' }, {}, now)).toEqual({
      type: 'error',
      message: SCHEDULE_TIME_PAST,
    });
    const ok = scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2030-02-01T10:00' }, {}, now);
    expect(ok).toEqual({ type: 'schedule', values: { percentage: 42 }, localDateTime: '2030-02-01T10:00' });
  });
  it("sends the fridge's wall time as typed and judges 'future' by the fridge's clock", () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '42' };
    // 17:00 Chicago time has passed although 2029-12-31T17:00 UTC would not have.
    expect(scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2029-12-31T17:00' }, {}, now)).toEqual({
      type: 'error',
      message: SCHEDULE_TIME_PAST,
    });
    expect(scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2029-12-31T19:00' }, {}, now)).toEqual({
      type: 'schedule',
      values: { percentage: 42 },
      localDateTime: '2029-12-31T19:00',
    });
    // In Los Angeles it is only 16:00: 17:00 is still ahead.
    const la = { ...loc, timeZone: 'LOSANGELES', timeZoneLabel: 'PT', timeZoneIana: 'America/Los_Angeles' };
    expect(scheduleAction(def('percentage'), la, { ...s, scheduleAt: '2029-12-31T17:00' }, {}, now)).toMatchObject({
      type: 'schedule',
      localDateTime: '2029-12-31T17:00',
    });
  });
  it('schedules an allocation as prod plus updateReason, reason required', () => {
    const s = { ...initEditorState(def('prod'), loc), flag: '1' as const, scheduleAt: '2030-02-01T10:00' };
    expect(scheduleAction(def('prod'), loc, s, {}, now)).toEqual({ type: 'error', message: 'Reason cannot be empty' });
    expect(scheduleAction(def('prod'), loc, { ...s, reason: 'First Stocking' }, {}, now)).toMatchObject({
      type: 'schedule',
      values: { prod: 1, updateReason: { prod: 'First Stocking' } },
    });
  });
  it('presets a scheduled value', () => {
    expect(initEditorState(def('layoutName'), loc, 'L9').value).toBe('L9');
    expect(initEditorState(def('prod'), loc, 1).flag).toBe('1');
  });
});
