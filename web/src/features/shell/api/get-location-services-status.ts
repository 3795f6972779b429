import { graphql } from '@/lib/api';

export interface ServiceStatus {
  status: string;
  checkedAt: string;
}

export const LOCATION_SERVICES_STATUS = /* GraphQL */ `
  query LocationServicesStatus {
    locationServicesStatus {
      status
      checkedAt
    }
  }
`;

/** A cheap round trip to the locations store (for the status icon of the user menu). */
export async function getLocationServicesStatus(): Promise<ServiceStatus> {
  const data = await graphql<{ locationServicesStatus: ServiceStatus }>(LOCATION_SERVICES_STATUS);
  return data.locationServicesStatus;
}
