import { EDIT_RULES } from '@/lib/rules';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_FIELDS,
  currentDisplay,
  formatAddress,
  toServerValue,
  validateAddress,
  validateEmail,
  validateField,
  validateIp,
  validateReason,
  validateSearch,
  effectiveReason,
  formatValue,
  storedValue,
  type FieldDef,
} from './detail-fields';

const def = (key: string): FieldDef => {
  const d = DETAIL_FIELDS.find((f) => f.key === key);
  if (!d) throw new Error(key);
  return d;
};

describe('detail rows', () => {
  it('has every row of §2.5', () => {
    const keys = DETAIL_FIELDS.map((f) => f.key);
    for (const k of [
      'accessTo',
      'address',
      'aprivaDeviceAddress',
      'covid19',
      'directions',
      'fridgeModel',
      'hostname',
      'fridgeSchema',
      'hours',
      'holidayScreenEnabled',
      'holidayScreenFridgeSpecific',
      'holidayScreenStartDate',
      'holidayScreenEndDate',
      'ip',
      'latitude',
      'longitude',
      'layoutName',
      'onlineDate',
      'paymentGateway',
      'percentage',
      'prettyName',
      'priceMapTemplate',
      'prod',
      'publicStatus',
      'reserve',
      'route',
      'serialPort',
      'status',
      'stockingSchedule',
      'stop',
      'taxRate',
      'timeZone',
      'vertical',
    ]) {
      expect(keys).toContain(k);
    }
    expect(def('prod').label).toBe('Ready for Allocation');
    expect(def('aprivaDeviceAddress').label).toBe('Campus Card device address');
    for (const k of ['directions', 'fridgeModel', 'hostname', 'paymentGateway', 'prettyName']) {
      expect(def(k).kind).toBe('readonly');
    }
    expect(def('serialPort').options?.map((o) => o.value)).toEqual(['ttyS0', 'ttyS1', 'ttyUSB0']);
    expect(def('timeZone').options?.map((o) => o.value)).toEqual([
      'CHICAGO',
      'NEWYORK',
      'DENVER',
      'LOSANGELES',
      'INDIANAPOLIS',
    ]);
  });
});

describe('validateField (§5.2)', () => {
  it('requires the fields the server requires (one rule source)', () => {
    expect(validateField(def('taxRate'), '')).toBe('taxRate cannot be empty');
    // The server lets percentage be cleared, so the browser does too.
    expect(validateField(def('percentage'), '')).toBeNull();
    expect(validateField(def('vertical'), ' ')).toBe('vertical cannot be empty');
    expect(validateField(def('route'), '')).toBeNull();
  });
  it('takes every bound and required flag from the server rules', () => {
    for (const r of EDIT_RULES) {
      const d = DETAIL_FIELDS.find((f) => f.key === r.field);
      if (!d || !['select', 'integer', 'number', 'date', 'ip', 'search', 'text'].includes(d.kind)) continue;
      expect([d.key, d.required, d.min, d.max]).toEqual([r.field, r.required, r.min, r.max]);
    }
  });
  it('checks ranges', () => {
    expect(validateField(def('latitude'), '27.9')).toBe('latitude should be a number in the range of 28 to 49!');
    expect(validateField(def('latitude'), '41.5')).toBeNull();
    expect(validateField(def('longitude'), '-60')).toBe('longitude should be a number in the range of -128 to -67!');
    expect(validateField(def('longitude'), '-87.6')).toBeNull();
    expect(validateField(def('percentage'), '101')).toBe('percentage should be a number in the range of 0 to 100!');
    expect(validateField(def('percentage'), 'abc')).toBe('percentage should be a number in the range of 0 to 100!');
    expect(validateField(def('taxRate'), '30.5')).toBe('taxRate should be a number in the range of 0 to 30!');
    expect(validateField(def('taxRate'), '10.25')).toBeNull();
  });
  it('checks integer fields', () => {
    expect(validateField(def('stop'), '1001')).toBe('stop should be a number in the range of 0 to 1000!');
    expect(validateField(def('stop'), 'x')).toBe('stop should be a number in the range of 0 to 1000!');
    expect(validateField(def('stop'), '2.5')).toBe('stop cannot be a decimal number');
    expect(validateField(def('stop'), '12')).toBeNull();
    expect(validateField(def('holidayScreenFridgeSpecific'), '2')).toBe(
      'holidayScreenFridgeSpecific should be a number in the range of 0 to 1!',
    );
    expect(validateField(def('holidayScreenFridgeSpecific'), '0.5')).toBe(
      'holidayScreenFridgeSpecific cannot be a decimal number',
    );
  });
  it('checks the ip', () => {
    expect(validateIp('')).toBe('IP Address invalid');
    expect(validateIp('10.0.0.300')).toBe('IP Address invalid');
    expect(validateIp('10.0.0')).toBe('IP Address invalid');
    expect(validateIp('192.168.1.20')).toBeNull();
    expect(validateField(def('ip'), 'abc')).toBe('IP Address invalid');
    expect(validateIp('kiosk7.fleet.internal')).toBeNull();
  });
  it("shows the server's own messages, and its ip check (one rule source)", () => {
    for (const r of EDIT_RULES) {
      const d = DETAIL_FIELDS.find((f) => f.key === r.field);
      if (!d || !['select', 'integer', 'number', 'date', 'search', 'text'].includes(d.kind)) continue;
      if (r.required) expect(validateField(d, ' ')).toBe(r.messages.empty);
      if (d.kind === 'number' || d.kind === 'integer') expect(validateField(d, 'x')).toBe(r.messages.range);
    }
    // The server's is_ipv4 takes parts of up to three digits, leading zeros included.
    expect(validateIp('010.000.1.9')).toBeNull();
    expect(validateIp('1.2.3.4.5')).toBe('IP Address invalid');
    expect(validateIp('1..3.4')).toBe('IP Address invalid');
    expect(validateIp('0001.2.3.4')).toBe('IP Address invalid');
  });
  it('checks e-mail', () => {
    expect(validateEmail('adminEmail', 'nope')).toBe('adminEmail is not a valid email id');
    expect(validateEmail('adminEmail', 'a@b.co')).toBeNull();
  });
  it('checks the address', () => {
    const ok = { street: '1 Main', city: 'Chicago', state: 'IL', zipCode: '60601' };
    expect(validateAddress(ok)).toBeNull();
    expect(validateAddress({ ...ok, street: '' })).toBe('street cannot be empty');
    expect(validateAddress({ ...ok, city: '' })).toBe('city cannot be empty');
    expect(validateAddress({ ...ok, state: '' })).toBe('state cannot be empty');
    expect(validateAddress({ ...ok, zipCode: ' ' })).toBe('zipCode cannot be empty');
  });
  it('checks reasons', () => {
    expect(validateReason('', '')).toBe('Reason cannot be empty');
    expect(validateReason('Other', '  ')).toBe('Reason cannot be empty');
    expect(validateReason('Other', 'Pilot')).toBeNull();
    expect(validateReason('First Stocking', '')).toBeNull();
    expect(effectiveReason('Other', ' Pilot ')).toBe('Pilot');
  });
  it('checks search options', () => {
    const options = [{ value: 'A', label: 'A' }];
    expect(validateSearch('B', options)).toBe('Please select a valid option from the dropdown');
    expect(validateSearch('A', options)).toBeNull();
  });
});

describe('display', () => {
  it('formats the address', () => {
    expect(formatAddress({ street: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' })).toBe(
      '1 Main St, Chicago, IL 60601',
    );
  });
  it('shows prod as Yes/No and converts numbers', () => {
    expect(currentDisplay(def('prod'), { id: 'x', type: 'FRIDGE', prod: 1 })).toBe('Yes');
    expect(currentDisplay(def('prod'), { id: 'x', type: 'FRIDGE', prod: 0 })).toBe('No');
    expect(
      currentDisplay(def('stockingSchedule'), {
        id: 'x',
        type: 'FRIDGE',
        stockingSchedule: { Monday: 1, Tuesday: 0, Sunday: 1 },
      }),
    ).toBe('Mon, Sun');
    expect(toServerValue(def('percentage'), '42')).toBe(42);
    expect(toServerValue(def('route'), ' r1 ')).toBe('r1');
  });
});

describe('formatValue (issue 22: values as a person reads them)', () => {
  it('shows maps, lists and flags without JSON', () => {
    expect(formatValue(def('route'), { prod: 'Holiday Break' })).toBe('prod: Holiday Break');
    expect(formatValue(def('route'), ['a', 'b'])).toBe('a, b');
    expect(formatValue(def('directions'), true)).toBe('Yes');
    expect(formatValue(def('accessTo'), { x: 1 })).toBe('x: 1');
    expect(formatValue(def('layoutName'), { x: 'y' })).toBe('x: y');
    expect(formatValue(def('percentage'), 10)).toBe('10');
    expect(formatValue(def('percentage'), null)).toBe('');
    expect(formatValue(def('covid19'), 1)).toBe('Yes');
  });

  it('shows a location without a payment gateway with the default, Standard experience (§3.2)', () => {
    expect(formatValue(def('paymentGateway'), undefined)).toBe('Standard experience');
    expect(formatValue(def('paymentGateway'), '')).toBe('Standard experience');
    expect(formatValue(def('paymentGateway'), 'Old card reader')).toBe('Old card reader');
  });
});

describe('storedValue (a row read by its typed key)', () => {
  it("is the attribute's stored value, and nothing for the address row (its parts are separate attributes)", () => {
    const loc = { id: 'x', type: 'FRIDGE', prod: 1, route: 'r1', street: '1 Main St' };
    expect(storedValue(def('prod'), loc)).toBe(1);
    expect(storedValue(def('route'), loc)).toBe('r1');
    expect(storedValue(def('percentage'), loc)).toBeUndefined();
    expect(storedValue(def('address'), loc)).toBeUndefined();
  });
});
