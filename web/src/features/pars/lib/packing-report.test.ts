import { describe, expect, it } from 'vitest';
import type { ReportLocation } from '../api/get-pars-report';
import { packingSlips, summary } from './packing-report';

const slot = (zone: string, bay: string, item: string, need: number) => ({ zone, bay, item, need });
const loc = (location: string, slots: ReportLocation['slots']): ReportLocation => ({
  location,
  driver: 'd1',
  data_ids: {},
  slots,
});

describe('packing slips (issue 22)', () => {
  const report = [
    loc('CHI_0002', [
      slot('other', 'B', 'Mystery Meal', 1),
      slot('4', 'B', 'Kettle Chips', 2),
      slot('1', 'B', 'Veggie Wrap', 3),
      slot('1', 'A', 'Turkey Club', 1),
      slot('1', 'A', 'Greek Salad', 0),
    ]),
    loc('CHI_0003', [slot('2', 'A', 'Overnight Oats', 0)]),
    loc('CHI_0001', [slot('3', 'A', 'Cold Brew', 4), slot('1', 'A', 'Turkey Club', 2)]),
  ];

  it('orders each table by zone (1 to 4, then other) and bay, shows only needs above 0, leaves out all-zero locations', () => {
    const slips = packingSlips(report);
    expect(slips.map((l) => l.location)).toEqual(['CHI_0002', 'CHI_0001']);
    expect(slips[0].slots.map((s) => `${s.zone}${s.bay} ${s.item}`)).toEqual([
      '1A Turkey Club',
      '1B Veggie Wrap',
      '4B Kettle Chips',
      'otherB Mystery Meal',
    ]);
    expect(slips[1].slots.map((s) => `${s.zone}${s.bay} ${s.item}`)).toEqual(['1A Turkey Club', '3A Cold Brew']);
  });

  it('sums the Summary per item in zone and bay order, without zero needs', () => {
    expect(summary(report).map((s) => `${s.zone}${s.bay} ${s.item} ${s.need}`)).toEqual([
      '1A Turkey Club 3',
      '1B Veggie Wrap 3',
      '3A Cold Brew 4',
      '4B Kettle Chips 2',
      'otherB Mystery Meal 1',
    ]);
  });

  it('puts zone 10 after zone 4', () => {
    expect(
      packingSlips([loc('X', [slot('10', 'A', 'b', 1), slot('4', 'A', 'a', 1)])])[0].slots.map((s) => s.zone),
    ).toEqual(['4', '10']);
  });
});
