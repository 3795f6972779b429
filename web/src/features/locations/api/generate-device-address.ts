import { graphql } from '@/lib/api';

const GENERATE = `mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {
  generateAprivaDeviceAddress(input: $input)
}`;

/** Requests a new card-reader (Campus Card) device address for a location. */
export async function generateAprivaDeviceAddress(locationId: string): Promise<string> {
  const d = await graphql<{ generateAprivaDeviceAddress: string }>(GENERATE, { input: { locationId } });
  return d.generateAprivaDeviceAddress;
}
