import { Fragment, type CSSProperties } from 'react';
import { StatusBadge } from '@/components/StatusBadge';
import type { InventorySlot } from '../api/get-inventory';
import { INVENTORY_MESSAGES } from '../lib/messages';
import { longestNamePart, slotAtRisk, unitsText } from '../lib/slot-grid';
import { Thumbnail } from './Thumbnail';

/** One slot: thumbnail, item name, count of units and an 'At risk' badge; a button that opens its units. */
export function SlotCard({ slot, onOpen }: { slot: InventorySlot; onOpen: (slot: InventorySlot) => void }) {
  const atRisk = slotAtRisk(slot);
  const empty = slot.count === 0;
  // The accessible name is the visible text itself (no aria-label, which must contain every visible
  // word: axe label-content-name-mismatch); each line is a block, so the words stay apart in it.
  return (
    <button
      type="button"
      className="slot-card"
      aria-haspopup="dialog"
      data-slot={slot.slot}
      data-at-risk={atRisk ? 'true' : 'false'}
      onClick={() => onOpen(slot)}
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '0.3rem',
        padding: '0.6rem 0.4rem',
        font: 'inherit',
        color: 'inherit',
        textAlign: 'center',
        cursor: 'pointer',
        borderRadius: '8px',
        border: atRisk
          ? '2px solid var(--amplify-colors-red-60, #d32f2f)'
          : '1px solid var(--amplify-colors-border-secondary, #d5d9dd)',
        background: empty
          ? 'var(--amplify-colors-background-secondary, #f5f5f5)'
          : 'var(--amplify-colors-background-primary, #fff)',
      }}
    >
      <span style={{ opacity: empty ? 0.5 : 1, display: 'inline-flex' }} aria-hidden="true">
        <Thumbnail url={slot.imageUrl} size={64} />
      </span>
      <span
        className="slot-card__name"
        style={{
          display: 'block',
          fontWeight: 600,
          overflowWrap: 'anywhere',
          ...({ '--name-chars': longestNamePart(slot.itemName) } as CSSProperties),
        }}
      >
        <BreakableName name={slot.itemName} />
      </span>
      <span style={{ display: 'block', fontSize: '0.9rem' }} data-testid="slot-count">
        {unitsText(slot.count)}
      </span>
      <span style={{ display: 'block', fontSize: '0.75rem', color: 'var(--amplify-colors-font-tertiary, #6b7075)' }}>
        Slot {slot.slot}
      </span>
      {atRisk ? <StatusBadge tone="error">{INVENTORY_MESSAGES.atRisk}</StatusBadge> : null}
    </button>
  );
}

/** An item name that may break after its underscores (GREEK_<wbr>SALAD) on narrow cards. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
