import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

export const GET_MY_ACCESS = gql(`
  query MyAccess {
    myAccess {
      actions
      flags
    }
  }
`);

export interface Access {
  actions: string[];
  flags: string[];
}

/** The signed-in user's permission actions and feature flags. */
export async function getMyAccess(): Promise<Access> {
  const data = await graphql(GET_MY_ACCESS);
  return { actions: data.myAccess?.actions ?? [], flags: data.myAccess?.flags ?? [] };
}
