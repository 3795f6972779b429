import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const GENERATE = gql(`mutation GenerateAprivaDeviceAddress($input: GenerateDeviceAddressInput!) {
  generateAprivaDeviceAddress(input: $input)
}`);

/** Requests a new card-reader (Campus Card) device address for a location. */
export async function generateAprivaDeviceAddress(locationId: string): Promise<string> {
  const d = await graphql(GENERATE, { input: { locationId } });
  return d.generateAprivaDeviceAddress;
}
