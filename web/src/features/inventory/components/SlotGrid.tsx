import type { InventorySlot } from '../api/get-inventory';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media-query';
import { columnStarts, GRID_COLUMNS, groupByRow, phoneLines, WIDE_LINES } from '../lib/slot-grid';
import { SlotCard } from './SlotCard';

/**
 * The slots, row by row (3-planning §2): a 12-column CSS grid per row where each
 * slot spans 2 columns, so rows of 6, 5 or 4 slots are centred. On a phone a line holds 3 (each spans 4), and a
 * longer row takes as few, even lines as hold it.
 */
export function SlotGrid({ slots, onOpen }: { slots: InventorySlot[]; onOpen: (slot: InventorySlot) => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    // On a phone a row may take two lines: rows stand further apart than the lines of one row.
    <div style={{ display: 'flex', flexDirection: 'column', gap: phone ? '1.25rem' : '0.75rem' }}>
      {groupByRow(slots).map(({ row, slots: inRow }) => {
        const lines = phone ? phoneLines(inRow.length) : WIDE_LINES;
        const starts = columnStarts(inRow.length, lines);
        return (
          <div
            key={row}
            role="list"
            aria-label={`Row ${row}`}
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
              gap: phone ? '0.5rem' : '0.75rem',
            }}
          >
            {inRow.map((slot, i) => (
              <div key={slot.slot} role="listitem" style={{ gridColumn: `${starts[i]} / span ${lines.span}` }}>
                <SlotCard slot={slot} onOpen={onOpen} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
