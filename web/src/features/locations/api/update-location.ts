import { useMutation, useQueryClient } from '@tanstack/react-query';
import { awsJson, graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { locationKey } from '@/lib/locations/get-location';

const UPDATE_LOCATION = gql(`mutation UpdateLocation($input: AWSJSON!) { updateLocation(input: $input) { id } }`);

/**
 * `{ id, version, source, <attribute>: value..., updateReason? }`, or the hours /
 * address special cases. `version` is the one the editor loaded: a location
 * changed since is refused with a Conflict naming who changed it.
 */
export type UpdateLocationInput = { id: string; version?: number; source?: string } & Record<string, unknown>;

export async function updateLocation(input: UpdateLocationInput): Promise<{ id: string }> {
  const data = await graphql(UPDATE_LOCATION, { input: awsJson(input) });
  return data.updateLocation;
}

/** Updates, then reloads the location whatever the outcome. */
export function useUpdateLocation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSettled: () => qc.invalidateQueries({ queryKey: locationKey(id) }),
  });
}
