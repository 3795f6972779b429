import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const DELETE_SCHEDULE_CHANGE = gql(`mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {
  deleteScheduleChange(input: $input)
}`);

/** Deletes a scheduled change (either half of an allocation pair deletes both). */
export async function deleteScheduleChange(input: { uuid: string; actionTime: string }): Promise<boolean> {
  const d = await graphql(DELETE_SCHEDULE_CHANGE, { input });
  return d.deleteScheduleChange;
}
