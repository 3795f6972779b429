import { useMutation } from '@tanstack/react-query';
import { awsJson, graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const CREATE_LOCATION = gql(`mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id } }`);

/** Creates a location from the flat create-form payload. */
export async function createLocation(payload: Record<string, unknown>): Promise<{ id: string }> {
  const data = await graphql(CREATE_LOCATION, { input: awsJson(payload) });
  return data.createLocation;
}

export function useCreateLocation() {
  return useMutation({ mutationFn: createLocation });
}
