import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { PlanogramInput } from '../lib/planogram-csv';

const SCHEDULE_PLANOGRAM_UPDATE =
  gql(`mutation SchedulePlanogramUpdate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {
  schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) { successCount errors totalCount }
}`);

export interface PlanogramUpdateResult {
  successCount: number;
  /** 'Line N: message' for each row the server did not schedule. */
  errors: string[];
  totalCount: number;
}

/**
 * One batch (at most 100 UPDATE rows, or one new layout's CREATE rows). The
 * file's one upload id makes a retried batch harmless.
 */
export async function schedulePlanogramUpdate(
  input: PlanogramInput[],
  uploadId: string,
  fileName: string,
): Promise<PlanogramUpdateResult> {
  return (await graphql(SCHEDULE_PLANOGRAM_UPDATE, { input, uploadId, fileName })).schedulePlanogramUpdate;
}
