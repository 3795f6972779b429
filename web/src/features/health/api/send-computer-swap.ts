import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const COMPUTER_SWAP = gql(`mutation SendConfirmedInventoryAndConfirmedReservation($locationId: ID!) {
  sendConfirmedInventoryAndConfirmedReservation(locationId: $locationId) { success message }
}`);

/** The Computer Swap command: the inventory service gets the confirmed inventory and reservation of the fridge. */
export async function sendComputerSwap(locationId: string) {
  return (await graphql(COMPUTER_SWAP, { locationId })).sendConfirmedInventoryAndConfirmedReservation;
}
