import { graphql } from '@/lib/api';
import type { ScheduleChangeInput } from '../lib/types';

const CREATE_SCHEDULE_CHANGE = `mutation CreateScheduleChange($input: [ScheduleChangeInput!]!) {
  createScheduleChange(input: $input) { uuid actionTime }
}`;

/** Creates scheduled changes; an allocation is the pair prod + updateReason at the same dateTime. */
export async function createScheduleChange(input: ScheduleChangeInput[]): Promise<{ uuid: string; actionTime: string }[]> {
  const d = await graphql<{ createScheduleChange: { uuid: string; actionTime: string }[] }>(CREATE_SCHEDULE_CHANGE, {
    input,
  });
  return d.createScheduleChange;
}
