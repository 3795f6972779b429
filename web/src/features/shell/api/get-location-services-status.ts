import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

export interface ServiceStatus {
  status: string;
  checkedAt: string;
}

export const LOCATION_SERVICES_STATUS = gql(`
  query LocationServicesStatus {
    locationServicesStatus {
      status
      checkedAt
    }
  }
`);

/** A cheap round trip to the locations store (for the status icon of the user menu). */
export async function getLocationServicesStatus(): Promise<ServiceStatus> {
  const data = await graphql(LOCATION_SERVICES_STATUS);
  return data.locationServicesStatus;
}
