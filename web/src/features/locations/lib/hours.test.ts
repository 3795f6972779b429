import { describe, expect, it } from 'vitest';
import {
  copyMondayToWeekdays,
  emptyDays,
  hoursFormFrom,
  hoursOutput,
  hoursSummary,
  isAllDay,
  validateHours,
  type HoursForm,
} from './hours';

function form(partial: Partial<Record<string, [string, string]>>, is24: HoursForm['is24'] = 'no'): HoursForm {
  const days = emptyDays();
  for (const [d, v] of Object.entries(partial)) {
    if (v) days[d as keyof typeof days] = { from: v[0], to: v[1] };
  }
  return { is24, days };
}

describe('hoursSummary', () => {
  it('is 24 Hours for a 24-hour fridge', () => {
    expect(hoursSummary(true, null)).toBe('24 Hours');
  });

  it('merges consecutive identical days', () => {
    const wh = hoursOutput(
      form({
        Monday: ['08:00', '17:00'],
        Tuesday: ['08:00', '17:00'],
        Wednesday: ['08:00', '17:00'],
        Thursday: ['08:00', '17:00'],
        Friday: ['08:00', '17:00'],
      }),
    );
    expect(wh.hours).toBe('Mon-Fri 08:00 to 17:00; ');
    expect(wh.is24Hours).toBe(false);
    expect(wh.workHours.Monday).toEqual([['08:00', '17:00']]);
    expect(wh.workHours.Saturday).toEqual([]);
  });

  it('lists separate runs and single days', () => {
    const s = hoursSummary(false, {
      Monday: [['08:00', '17:00']],
      Tuesday: [['08:00', '17:00']],
      Wednesday: [['09:00', '17:00']],
      Friday: [['08:00', '17:00']],
      Saturday: [['10:00', '14:00']],
      Sunday: [['10:00', '14:00']],
    });
    expect(s).toBe('Mon-Tue 08:00 to 17:00; Wed 09:00 to 17:00; Fri 08:00 to 17:00; Sat-Sun 10:00 to 14:00; ');
  });

  it('gives every day 00:00 to 23:59 for 24 hours', () => {
    const out = hoursOutput(form({}, 'yes'));
    expect(out.hours).toBe('24 Hours');
    expect(out.is24Hours).toBe(true);
    for (const d of Object.values(out.workHours)) expect(d).toEqual([['00:00', '23:59']]);
    expect(isAllDay(out.workHours)).toBe(true);
  });
});

describe('validateHours', () => {
  it('needs the 24 hours choice', () => {
    expect(validateHours(form({}, ''), 'CHI_1')).toBe('Choose 24 hours(Yes/No) for CHI_1');
  });
  it('accepts 24 hours', () => {
    expect(validateHours(form({}, 'yes'), 'CHI_1')).toBeNull();
  });
  it('needs both or neither of start and end', () => {
    expect(validateHours(form({ Tuesday: ['08:00', ''] }), 'X')).toBe(
      'Both Start Hours and End hours for Tuesday should be present or absent',
    );
  });
  it('needs start before end', () => {
    expect(validateHours(form({ Monday: ['18:00', '08:00'] }), 'X')).toBe(
      'Start Hours for Monday should be a time in past to End hours',
    );
  });
  it('needs at least one day', () => {
    expect(validateHours(form({}), 'X')).toBe('Time should be entered for atleast one day');
  });
  it('accepts a valid week', () => {
    expect(validateHours(form({ Monday: ['08:00', '17:00'] }), 'X')).toBeNull();
  });
});

describe('editor helpers', () => {
  it('copies Monday to Tuesday through Friday', () => {
    const days = copyMondayToWeekdays(form({ Monday: ['07:00', '19:00'] }).days);
    expect(days.Friday).toEqual({ from: '07:00', to: '19:00' });
    expect(days.Saturday).toEqual({ from: '', to: '' });
  });
  it('reads a stored location', () => {
    expect(hoursFormFrom('24 Hours', null).is24).toBe('yes');
    const f = hoursFormFrom('Mon 08:00 to 17:00; ', { Monday: [['08:00', '17:00']] });
    expect(f.is24).toBe('no');
    expect(f.days.Monday).toEqual({ from: '08:00', to: '17:00' });
    expect(hoursFormFrom(null, null).is24).toBe('');
  });
});
