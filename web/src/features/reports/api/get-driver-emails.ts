import { rest } from '@/lib/api';
import { REPORTS, type EpochRange } from '../lib/report-rules';

/**
 * GET /reports/driverlog/cognitoemails?ids=&startTime=&endTime=: user id to e-mail of the users `ids`
 * names who made a call in the driver log of `range` (the range the screen shows; the server answers
 * no one else), in calls of at most `REPORTS.maxEmailIds` ids (the server's bound).
 */
export async function getDriverEmails(range: EpochRange, ids: readonly string[]): Promise<Record<string, string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += REPORTS.maxEmailIds) chunks.push(ids.slice(i, i + REPORTS.maxEmailIds));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      rest('driver_log_emails', {
        ids: chunk.join(','),
        startTime: String(range.start),
        endTime: String(range.end),
      }),
    ),
  );
  const emails: Record<string, string> = {};
  for (const answer of answers)
    for (const [id, email] of Object.entries(answer.emails)) if (email !== undefined) emails[id] = email;
  return emails;
}
