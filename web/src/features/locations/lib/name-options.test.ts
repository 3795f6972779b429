import { describe, expect, it } from 'vitest';
import { fridgeSchemaOptions, layoutOptions, priceMapOptions } from './name-options';

describe('name options', () => {
  it('puts the defaults first', () => {
    expect(layoutOptions(['L1'])).toEqual([
      { value: 'dummy', label: 'Default' },
      { value: 'L1', label: 'L1' },
    ]);
    expect(fridgeSchemaOptions(['NE_STANDARD', 'MW_STANDARD']).map((o) => o.value)).toEqual([
      'MW_STANDARD/latest',
      'NE_STANDARD/latest',
    ]);
    // PMT_NE_STANDARD is valid on the server (the Northeast default), so it is always offered.
    expect(priceMapOptions(undefined).map((o) => o.value)).toEqual(['PMT_STANDARD', 'PMT_NE_STANDARD']);
    expect(priceMapOptions(['PMT_NE_STANDARD', 'PMT_STANDARD']).map((o) => o.value)).toEqual([
      'PMT_STANDARD',
      'PMT_NE_STANDARD',
    ]);
  });
});
