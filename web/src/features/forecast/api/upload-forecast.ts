import { rest } from '@/lib/api';
import type { DryRun, UploadBody } from '@/lib/upload-pipeline';

/** POST /forecast/dry-run: the forecast rules and holdover warnings over the whole file, against the stored forecast. */
export const dryRunForecast = (body: UploadBody) => rest<DryRun>('POST', '/forecast/dry-run', body);

export interface UploadLink {
  url: string;
  uploadId: string;
  expiresInSeconds: number;
}

/** GET /forecast/upload/url: a presigned PUT (text/csv) for this file. */
export const requestUploadLink = (fileName: string) =>
  rest<UploadLink>('GET', `/forecast/upload/url?fileName=${encodeURIComponent(fileName)}`);

export class UploadRefused extends Error {}

/** PUTs the file itself to S3 (no token: the URL is the permission). */
export async function putForecastFile(url: string, file: Blob): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/csv' }, body: file });
  } catch {
    throw new UploadRefused('The file could not be sent. Check your connection and choose Upload Forecast again.');
  }
  if (res.status === 403) throw new UploadRefused('The upload link expired. Choose Upload Forecast again.');
  if (!res.ok)
    throw new UploadRefused(`The file was refused by storage (HTTP ${res.status}). Choose Upload Forecast again.`);
}

export interface UploadStatus {
  uploadId: string;
  /** waiting, received, applied or failed. */
  state: 'waiting' | 'received' | 'applied' | 'failed';
  errors: string[];
  written: number;
  unchanged: number;
}

/** GET /forecast/upload/{uploadId}: where the ingest is with this upload. */
export const uploadStatus = (uploadId: string) =>
  rest<UploadStatus>('GET', `/forecast/upload/${encodeURIComponent(uploadId)}`);
