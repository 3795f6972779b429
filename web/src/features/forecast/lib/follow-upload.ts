import { count } from '@/lib/count';
import type { UploadStatus } from '../api/upload-forecast';

/** How often, and how long, the browser asks where its upload is. */
export const POLL_MS = 1000;
export const GIVE_UP_MS = 120_000;

/**
 * Asks for the upload's state until the ingest applied or failed it, telling
 * each state seen. Success is never reported before the rows are stored.
 */
export async function followUpload(
  read: () => Promise<UploadStatus>,
  onState: (s: UploadStatus) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  giveUpMs = GIVE_UP_MS,
): Promise<UploadStatus | null> {
  for (let waited = 0; waited <= giveUpMs; waited += POLL_MS) {
    const s = await read();
    onState(s);
    if (s.state === 'applied' || s.state === 'failed') return s;
    await sleep(POLL_MS);
  }
  return null;
}

/** The line shown once the rows are stored. */
export function appliedText(s: UploadStatus): string {
  if (s.written === 0) return `Nothing changed: all ${s.unchanged} rows of this file are already stored.`;
  return `Forecast uploaded: ${count(s.written, 'row')} stored${s.unchanged ? `, ${s.unchanged} already up to date` : ''}.`;
}
