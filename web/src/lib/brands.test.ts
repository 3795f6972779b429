import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  newRequestId,
  newUploadId,
  parseFridgeTime,
  parseLocationId,
  parsePackingSlipId,
  parseRequestId,
  parseStockingDate,
  parseUploadId,
} from './brands';

describe('brands', () => {
  it('takes what the server takes and refuses the rest', () => {
    expect(parseStockingDate(' 2026-11-28 ')).toBe('2026-11-28');
    expect(parseStockingDate('2026-2-3')).toBeNull();
    expect(parseStockingDate('2026-02-30')).toBeNull();
    expect(parseUploadId('0b5c-9f')).toBe('0b5c-9f');
    expect(parseUploadId('a b')).toBeNull();
    expect(parseUploadId('')).toBeNull();
    expect(parseUploadId('a'.repeat(65))).toBeNull();
    expect(parseRequestId('  r-1 ')).toBe('r-1');
    expect(parseRequestId('   ')).toBeNull();
    expect(parseLocationId(' CHI_1 ')).toBe('CHI_1');
    expect(parseLocationId('')).toBeNull();
    expect(parseLocationId('x'.repeat(65))).toBeNull();
    expect(parsePackingSlipId('s'.repeat(128))).toBe('s'.repeat(128));
    expect(parsePackingSlipId('s'.repeat(129))).toBeNull();
    expect(parseRequestId('r'.repeat(65))).toBeNull();
    expect(parseFridgeTime('2026-11-28T10:00:00.500Z')).toBe('2026-11-28T10:00:00.500Z');
    expect(parseFridgeTime('yesterday')).toBeNull();
  });

  it('makes new ids that pass their own rule', () => {
    expect(parseUploadId(newUploadId())).not.toBeNull();
    expect(parseRequestId(newRequestId())).not.toBeNull();
  });

  it('a parsed value parses again to itself, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (text) => {
        for (const parse of [
          parseStockingDate,
          parseUploadId,
          parseRequestId,
          parseLocationId,
          parsePackingSlipId,
          parseFridgeTime,
        ]) {
          const once = parse(text);
          if (once !== null) expect(parse(once)).toBe(once);
        }
      }),
    );
  });
});
