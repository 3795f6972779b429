/** Messages of spec 2-fleet-operations §2.1 and §8, quoted exactly. */
export const MESSAGES = {
  loadFailure: 'There was an error querying data, please refresh page and try again.',
  availableFailure: 'There was an error querying available versions, please refresh page and try again.',
  versionSuccess: 'The FridgeSoftwareVersion table was successfully updated.',
  versionFailure: 'The FridgeSoftwareVersion table failed to update.',
  pilotSuccess: 'The FridgeSoftwarePilots table was successfully updated.',
  pilotFailure: 'The FridgeSoftwarePilots table failed to update.',
  failedFridges: 'The following fridges failed to update:',
  unknownFridges: 'The following fridges IDs do not exist in the Locations table:',
  pilotPutFailed: 'The PutItem operation failed in the lambda function.',
  searchPlaceholder: 'Search For A Fridge',
  typedIdsLabel: 'Enter each Fridge ID on a new line',
} as const;
