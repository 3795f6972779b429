import type { InventorySlot } from '../api/get-inventory';
import { columnStarts, GRID_COLUMNS, groupByRow, SLOT_SPAN } from '../lib/slot-grid';
import { SlotCard } from './SlotCard';

/**
 * The slots, row by row (3-planning §2): a 12-column CSS grid per row where each
 * slot spans 2 columns, so rows of 6, 5 or 4 slots are centred.
 */
export function SlotGrid({ slots, onOpen }: { slots: InventorySlot[]; onOpen: (slot: InventorySlot) => void }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
      {groupByRow(slots).map(({ row, slots: inRow }) => {
        const starts = columnStarts(inRow.length);
        return (
          <div
            key={row}
            role="list"
            aria-label={`Row ${row}`}
            style={{ display: 'grid', gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`, gap: '0.75rem' }}
          >
            {inRow.map((slot, i) => (
              <div key={slot.slot} role="listitem" style={{ gridColumn: `${starts[i]} / span ${SLOT_SPAN}` }}>
                <SlotCard slot={slot} onOpen={onOpen} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
