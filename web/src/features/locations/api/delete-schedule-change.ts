import { graphql } from '@/lib/api';

const DELETE_SCHEDULE_CHANGE = `mutation DeleteScheduleChange($input: DeleteScheduleChangeInput!) {
  deleteScheduleChange(input: $input)
}`;

/** Deletes a scheduled change (either half of an allocation pair deletes both). */
export async function deleteScheduleChange(input: { uuid: string; actionTime: string }): Promise<boolean> {
  const d = await graphql<{ deleteScheduleChange: boolean }>(DELETE_SCHEDULE_CHANGE, { input });
  return d.deleteScheduleChange;
}
