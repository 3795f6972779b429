import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { ScheduleChangeInput } from '../lib/types';

const CREATE_SCHEDULE_CHANGE = gql(`mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {
  createScheduleChange(input: $input) { uuid actionTime }
}`);

/** Creates scheduled changes; an allocation is the pair prod + updateReason at the same dateTime. */
export async function createScheduleChange(
  input: ScheduleChangeInput[],
): Promise<{ uuid: string; actionTime: string }[]> {
  const d = await graphql(CREATE_SCHEDULE_CHANGE, { input });
  return d.createScheduleChange;
}
