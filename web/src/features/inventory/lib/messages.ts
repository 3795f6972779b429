import rules from '@/generated/rules.json';

/** Texts of the inventory view. 'None in stock' is the server's (rules.json, 3-planning §2). */
export const INVENTORY_MESSAGES = {
  noneInStock: rules.fleetHealth.messages.noneInStock,
  atRisk: 'At risk',
  atRiskExplained: 'At risk: more than 2 hours above 41 °F since it was produced.',
  notReported: (id: string) => `No inventory has been reported for ${id} yet.`,
  noSlots: 'The last inventory the fridge reported has no slots.',
  noId: 'Open a fridge’s inventory from the Locations list (/locations/all).',
} as const;
