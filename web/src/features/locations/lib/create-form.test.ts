import { describe, expect, it } from 'vitest';
import {
  buildCreatePayload,
  defaultCreateForm,
  validateCreateForm,
  withState,
  withTimeZone,
  type CreateForm,
} from './create-form';

function validForm(over: Partial<CreateForm> = {}): CreateForm {
  return {
    ...defaultCreateForm(),
    id: 'CHI_TEST_1',
    street: '1 Main St',
    city: 'Chicago',
    zipCode: '60601',
    directions: 'Lobby',
    prettyName: 'Main Street Lobby',
    latitude: '41.8781',
    longitude: '-87.6298',
    layoutName: 'dummy',
    onlineDate: '2026-01-15',
    ...over,
  };
}

describe('defaults', () => {
  it('matches §3.1', () => {
    const f = defaultCreateForm();
    expect(f.accessTo).toBe('Private');
    expect(f.state).toBe('IL');
    expect(f.hours).toBe('1');
    expect(f.percentage).toBe('0');
    expect(f.prod).toBe('0');
    expect(f.publicStatus).toBe('OFFLINE');
    expect(f.status).toBe('OFFLINE');
    expect(f.priceMapTemplate).toBe('PMT_STANDARD');
    expect(f.fridgeSchema).toBe('MW_STANDARD/latest');
    expect(f.reserve).toBe('0');
    expect(f.stop).toBe('0');
    expect(f.taxRate).toBe('2.25');
    expect(f.vertical).toBe('Office');
    expect(f.timeZone).toBe('CHICAGO');
    expect(f.layoutName).toBe('');
    expect(f.stockingSchedule).toEqual({
      Monday: true,
      Tuesday: true,
      Wednesday: true,
      Thursday: true,
      Friday: true,
      Saturday: false,
      Sunday: false,
    });
  });
});

describe('state and time zone side effects', () => {
  it('sets tax 2.25 for IL, IN, NY, NJ, PA and 0 for WI', () => {
    for (const s of ['IL', 'IN', 'NY', 'NJ', 'PA']) {
      expect(withState({ ...validForm(), taxRate: '7' }, s).taxRate).toBe('2.25');
    }
    expect(withState(validForm(), 'WI').taxRate).toBe('0');
    expect(withState({ ...validForm(), taxRate: '7' }, 'TX')).toMatchObject({ state: 'TX', taxRate: '7' });
  });
  it('forces the NEWYORK stocking schedule', () => {
    const f = withTimeZone(validForm(), 'NEWYORK');
    expect(f.stockingSchedule).toMatchObject({
      Sunday: true,
      Monday: false,
      Wednesday: false,
      Friday: false,
      Tuesday: true,
      Thursday: true,
    });
    expect(withTimeZone(validForm(), 'DENVER').stockingSchedule.Monday).toBe(true);
  });
});

describe('validateCreateForm', () => {
  it('accepts a valid form', () => {
    expect(validateCreateForm(validForm())).toEqual({});
  });
  it('requires id with letters, digits and underscore only', () => {
    expect(validateCreateForm(validForm({ id: '' })).id).toBe('id cannot be empty');
    expect(validateCreateForm(validForm({ id: 'CHI-1' })).id).toMatch(/letters, digits and underscore/);
  });
  it.each([
    'street',
    'city',
    'directions',
    'prettyName',
    'layoutName',
    'fridgeSchema',
    'priceMapTemplate',
    'onlineDate',
    'taxRate',
    'zipCode',
    'latitude',
    'longitude',
  ] as const)('requires %s', (field) => {
    expect(validateCreateForm(validForm({ [field]: '' }))[field]).toBe(`${field} cannot be empty`);
  });
  it('checks the zip code', () => {
    expect(validateCreateForm(validForm({ zipCode: '60601-1234' })).zipCode).toBeUndefined();
    expect(validateCreateForm(validForm({ zipCode: '6060' })).zipCode).toBeDefined();
    expect(validateCreateForm(validForm({ zipCode: '60601-12' })).zipCode).toBeDefined();
  });
  it('checks latitude 28..49 with 1 to 7 decimals', () => {
    expect(validateCreateForm(validForm({ latitude: '41.1234567' })).latitude).toBeUndefined();
    expect(validateCreateForm(validForm({ latitude: '41' })).latitude).toBeDefined();
    expect(validateCreateForm(validForm({ latitude: '41.12345678' })).latitude).toBeDefined();
    expect(validateCreateForm(validForm({ latitude: '27.5' })).latitude).toBeDefined();
    expect(validateCreateForm(validForm({ latitude: '49.5' })).latitude).toBeDefined();
  });
  it('checks longitude -128..-67 with 1 to 7 decimals', () => {
    expect(validateCreateForm(validForm({ longitude: '-67.0' })).longitude).toBeUndefined();
    expect(validateCreateForm(validForm({ longitude: '-66.9' })).longitude).toBeDefined();
    expect(validateCreateForm(validForm({ longitude: '-128.5' })).longitude).toBeDefined();
    expect(validateCreateForm(validForm({ longitude: '87.6' })).longitude).toBeDefined();
  });
  it('checks percentage 0..100 with up to 2 decimals', () => {
    expect(validateCreateForm(validForm({ percentage: '12.34' })).percentage).toBeUndefined();
    expect(validateCreateForm(validForm({ percentage: '' })).percentage).toBeUndefined();
    expect(validateCreateForm(validForm({ percentage: '12.345' })).percentage).toBeDefined();
    expect(validateCreateForm(validForm({ percentage: '101' })).percentage).toBeDefined();
    expect(validateCreateForm(validForm({ percentage: '-1' })).percentage).toBeDefined();
  });
  it('checks taxRate 0..29.999 with up to 3 decimals', () => {
    expect(validateCreateForm(validForm({ taxRate: '29.999' })).taxRate).toBeUndefined();
    expect(validateCreateForm(validForm({ taxRate: '0' })).taxRate).toBeUndefined();
    expect(validateCreateForm(validForm({ taxRate: '30' })).taxRate).toBeDefined();
    expect(validateCreateForm(validForm({ taxRate: '1.2345' })).taxRate).toBeDefined();
  });
  it('checks stop digits only', () => {
    expect(validateCreateForm(validForm({ stop: '12' })).stop).toBeUndefined();
    expect(validateCreateForm(validForm({ stop: '1.5' })).stop).toBeDefined();
  });
  it('checks baseCommission >= 0 with up to 3 decimals', () => {
    expect(validateCreateForm(validForm({ baseCommission: '0.125' })).baseCommission).toBeUndefined();
    expect(validateCreateForm(validForm({ baseCommission: '-1' })).baseCommission).toBeDefined();
    expect(validateCreateForm(validForm({ baseCommission: '0.1234' })).baseCommission).toBeDefined();
  });
  it('needs from and to for every day when not 24 hours', () => {
    const f = validForm({ hours: '0' });
    f.days.Monday = { from: '08:00', to: '17:00' };
    const e = validateCreateForm(f);
    expect(e.fromMon).toBeUndefined();
    // The server's wording (one rule source: src/generated/rules.json).
    expect(e.fromTue).toBe('Tuesday needs a from and a to time when hours is not 24 hours');
    expect(e.toSun).toBe('Sunday needs a from and a to time when hours is not 24 hours');
    f.days.Monday = { from: '18:00', to: '08:00' };
    expect(validateCreateForm(f).toMon).toBeDefined();
  });
});

describe('buildCreatePayload', () => {
  it('drops empty fields and encodes hours and schedule', () => {
    const p = buildCreatePayload(validForm({ route: '', baseCommission: '' }));
    expect(p).not.toHaveProperty('route');
    expect(p).not.toHaveProperty('baseCommission');
    expect(p).not.toHaveProperty('holidayScreenStartDate');
    expect(p).not.toHaveProperty('fromMon');
    expect(p.hours).toBe(1);
    expect(p.id).toBe('CHI_TEST_1');
    expect(p.stockingSchedule).toEqual({
      Monday: 1,
      Tuesday: 1,
      Wednesday: 1,
      Thursday: 1,
      Friday: 1,
      Saturday: 0,
      Sunday: 0,
    });
  });
  it('sends fromMon..toSun for custom hours', () => {
    const f = validForm({ hours: '0' });
    f.days.Monday = { from: '08:00', to: '17:00' };
    const p = buildCreatePayload(f);
    expect(p.hours).toBe(0);
    expect(p.fromMon).toBe('08:00');
    expect(p.toMon).toBe('17:00');
    expect(p).not.toHaveProperty('fromTue');
  });
});
