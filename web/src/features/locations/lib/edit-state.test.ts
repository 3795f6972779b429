import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS } from './detail-fields';
import { initEditorState, saveAction, scheduleAction, blockingProblem } from './edit-state';
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
};

describe('saveAction', () => {
  it('updates a simple field with a number', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '55' };
    expect(saveAction(def('percentage'), loc, s)).toEqual({ type: 'update', input: { id: 'CHI_0001', percentage: 55 } });
  });
  it('reports the §5.2 message', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '' };
    expect(saveAction(def('percentage'), loc, s)).toEqual({ type: 'error', message: 'percentage cannot be empty' });
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
      input: { id: 'CHI_0001', prod: 1, updateReason: { prod: 'Pilot' } },
    });
  });
  it('sends the reserve with its reason', () => {
    const s = { ...initEditorState(def('reserve'), loc), flag: '0' as const, reason: 'Connectivity issues' };
    expect(saveAction(def('reserve'), loc, s)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', reserve: 0, updateReason: { reserve: 'Connectivity issues' } },
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
      input: { id: 'CHI_0001', street: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' },
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
    const ctx = { searchOptions: [{ value: 'dummy', label: 'Default' }, { value: 'L2', label: 'L2' }] };
    const s = { ...initEditorState(def('layoutName'), loc), value: 'nope' };
    expect(blockingProblem(def('layoutName'), s, ctx)).toBe('Please select a valid option from the dropdown');
    expect(saveAction(def('layoutName'), loc, { ...s, value: 'L2' }, ctx)).toEqual({
      type: 'update',
      input: { id: 'CHI_0001', layoutName: 'L2' },
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
  const now = Date.parse('2030-01-01T00:00:00Z');
  it('needs a future time', () => {
    const s = { ...initEditorState(def('percentage'), loc), value: '42' };
    expect(scheduleAction(def('percentage'), loc, s, {}, now)).toMatchObject({ type: 'error' });
    expect(scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2029-12-01T10:00' }, {}, now)).toMatchObject({
      type: 'error',
    });
    const ok = scheduleAction(def('percentage'), loc, { ...s, scheduleAt: '2030-02-01T10:00' }, {}, now);
    expect(ok).toMatchObject({ type: 'schedule', values: { percentage: 42 } });
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
