import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { StatusBadge } from '@/components/StatusBadge';
import type { InventorySlot } from '../api/get-inventory';
import { INVENTORY_MESSAGES } from '../lib/messages';
import { slotAtRisk, unitsText } from '../lib/slot-grid';
import { Thumbnail } from './Thumbnail';

/** The title of a slot's modal: the item name and the slot. */
export const slotDialogTitle = (slot: Pick<InventorySlot, 'itemName' | 'slot'>) =>
  `${slot.itemName} — slot ${slot.slot}`;

/**
 * A slot's units (3-planning §2): each unit's production and expiry as the
 * server words them (§9), 'At risk' marked; 'None in stock' for an empty slot.
 */
export function SlotDialog({ slot, onClose }: { slot: InventorySlot; onClose: () => void }) {
  const empty = slot.count === 0 || slot.units.length === 0;
  return (
    <Modal
      title={slotDialogTitle(slot)}
      onCancel={onClose}
      width="40rem"
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      <Flex alignItems="center" gap="1rem" marginBottom="0.75rem">
        <Thumbnail url={slot.imageUrl} size={72} />
        <Text>{unitsText(slot.count)}</Text>
      </Flex>
      {empty ? (
        <Text>{INVENTORY_MESSAGES.noneInStock}</Text>
      ) : (
        <>
          <Table size="small" variation="striped" aria-label={`Units in slot ${slot.slot}`}>
            <TableHead>
              <TableRow>
                <TableCell as="th" scope="col">
                  Unit
                </TableCell>
                <TableCell as="th" scope="col">
                  Production
                </TableCell>
                <TableCell as="th" scope="col">
                  Expiry
                </TableCell>
                <TableCell as="th" scope="col">
                  Status
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {slot.units.map((u, i) => (
                <TableRow key={i} data-at-risk={u.atRisk ? 'true' : 'false'}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{u.productionText ?? u.productionDate}</TableCell>
                  <TableCell>{u.expiryText}</TableCell>
                  <TableCell>
                    {u.atRisk ? <StatusBadge tone="error">{INVENTORY_MESSAGES.atRisk}</StatusBadge> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {slotAtRisk(slot) ? (
            <Text fontSize="small" color="font.secondary" marginTop="0.5rem">
              {INVENTORY_MESSAGES.atRiskExplained}
            </Text>
          ) : null}
        </>
      )}
    </Modal>
  );
}
