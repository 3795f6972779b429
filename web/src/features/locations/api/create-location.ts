import { useMutation, useQueryClient } from '@tanstack/react-query';
import { awsJson, graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { forgetOpsLocations } from '@/lib/locations/kept-ops-locations';

const CREATE_LOCATION = gql(`mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id } }`);

/** Creates a location from the flat create-form payload. */
export async function createLocation(payload: Record<string, unknown>): Promise<{ id: string }> {
  const data = await graphql(CREATE_LOCATION, { input: awsJson(payload) });
  return data.createLocation;
}

export function useCreateLocation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => forgetOpsLocations(client) });
}
