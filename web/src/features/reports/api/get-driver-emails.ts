import { rest } from '@/lib/api';
import { REPORTS } from '../lib/report-rules';

/**
 * GET /reports/driverlog/cognitoemails?ids=: user id to e-mail of the users `ids` names only, in
 * calls of at most `REPORTS.maxEmailIds` ids (the server's bound), never the whole directory.
 */
export async function getDriverEmails(ids: readonly string[]): Promise<Record<string, string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += REPORTS.maxEmailIds) chunks.push(ids.slice(i, i + REPORTS.maxEmailIds));
  const answers = await Promise.all(chunks.map((chunk) => rest('driver_log_emails', { ids: chunk.join(',') })));
  const emails: Record<string, string> = {};
  for (const answer of answers)
    for (const [id, email] of Object.entries(answer.emails)) if (email !== undefined) emails[id] = email;
  return emails;
}
