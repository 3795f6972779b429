import { gql } from '@/generated/gql';
import type { FridgeHealthFieldsFragment } from '@/generated/gql/graphql';

/** Every field of a fridge's health (spec §3), shared by fridgeHealth and fleetHealth. */
export const FRIDGE_HEALTH_FIELDS = gql(`fragment FridgeHealthFields on FridgeHealth {
  locationId jofemarState safetyHold safetyHoldTs inaccessible outOfOrder outOfOrderTs
  hdmi elo cardReader electricalLayout timezone activeTicket temperature temperatureSetpoint
  timestamp networkSpeed { previousSpeed } serverVersion allReasons connectedLayout { x y }
  recycleDoorState { doorState lockState } sundryDoorState { doorState lockState }
  liteFridgeState { topShellLatchState bottomShellLatchState shellLockState status }
}`);

export type FridgeHealth = FridgeHealthFieldsFragment;
