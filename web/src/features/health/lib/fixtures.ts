import type { FridgeHealth } from '../api/health-fields';

/** A fridge health record for tests: nothing reported unless patched. */
export function health(patch: Partial<FridgeHealth> = {}): FridgeHealth {
  return {
    locationId: 'CHI_0001',
    jofemarState: null,
    safetyHold: null,
    safetyHoldTs: null,
    inaccessible: null,
    outOfOrder: null,
    outOfOrderTs: null,
    hdmi: null,
    elo: null,
    cardReader: null,
    electricalLayout: null,
    timezone: null,
    activeTicket: null,
    temperature: null,
    temperatureSetpoint: null,
    timestamp: null,
    networkSpeed: null,
    serverVersion: null,
    allReasons: null,
    connectedLayout: null,
    recycleDoorState: null,
    sundryDoorState: null,
    liteFridgeState: null,
    ...patch,
  };
}
