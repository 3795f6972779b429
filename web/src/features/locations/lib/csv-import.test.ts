import { describe, expect, it } from 'vitest';
import { mapRow, normaliseDate, parseCsv, rowProblem, toImportRows } from './csv-import';

const HEADER =
  'POS_NAME__c,Fridge_State__c,Fridge_City__c,Fridge_Street__c,Fridge_Zipcode__c,Sales_Tax_Rate__c,Vertical__c,Consumer_Friendly_Location__c,Consumer_Friendly_NAme__c,Access_Type__c,Stocking_Date__c,MALongitude__c,MALatitude__c,Business_Hours__c';

describe('CSV import', () => {
  it('maps the columns of §3.4', () => {
    const [row] = parseCsv(
      `${HEADER}\nCHI_9,il,Chicago,1 Main St,60601,2.25%,Office,"Lobby, 1st floor",Main Lobby,Private,3/4/2026,-87.6298,41.8781,24 Hours\n`,
    );
    expect(mapRow(row)).toEqual({
      id: 'CHI_9',
      state: 'IL',
      city: 'Chicago',
      street: '1 Main St',
      zipCode: '60601',
      taxRate: '2.25',
      vertical: 'Office',
      directions: 'Lobby, 1st floor',
      prettyName: 'Main Lobby',
      accessTo: 'Private',
      onlineDate: '2026-03-04',
      longitude: '-87.6298',
      latitude: '41.8781',
      hours: 1,
      type: 'FRIDGE',
      layoutName: 'dummy',
    });
  });

  it('drops empty cells', () => {
    const p = mapRow({ POS_NAME__c: 'X', Fridge_City__c: '  ' });
    expect(p).not.toHaveProperty('city');
  });

  it('normalises dates', () => {
    expect(normaliseDate('2026-03-04')).toBe('2026-03-04');
    expect(normaliseDate('12/1/26')).toBe('2026-12-01');
    expect(normaliseDate('2026-03-04T00:00:00Z')).toBe('2026-03-04');
  });

  it('applies the validity rule of §5.3', () => {
    expect(rowProblem({ POS_NAME__c: 'A', Business_Hours__c: '24 Hours' })).toBeNull();
    expect(rowProblem({ POS_NAME__c: '', Business_Hours__c: '24 Hours' })).not.toBeNull();
    expect(rowProblem({ POS_NAME__c: 'A', Business_Hours__c: 'Mon-Fri 8-5' })).not.toBeNull();
    expect(rowProblem({ POS_NAME__c: 'A' })).not.toBeNull();
    const rows = toImportRows([
      { POS_NAME__c: 'A', Business_Hours__c: '24 Hours' },
      { POS_NAME__c: '', Business_Hours__c: '24 Hours' },
    ]);
    expect(rows.map((r) => r.status)).toEqual(['valid', 'invalid']);
  });
});
