import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';
import type { UploadId } from '@/lib/brands';

/** Where the ingest is with an upload: `state` waiting, received, applied or failed. */
export type { UploadStatus } from '@/generated/rest/responses';

/** POST /forecast/dry-run: the forecast rules and holdover warnings over the whole file, against the stored forecast. */
export const dryRunForecast = (body: UploadBody) => rest('forecast_dry_run', body);

/** GET /forecast/upload/url: a presigned PUT (text/csv) for this file. */
export const requestUploadLink = (fileName: string) => rest('forecast_upload_url', { fileName });

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

/** GET /forecast/upload/{uploadId}: where the ingest is with this upload. */
export const uploadStatus = (uploadId: UploadId) => rest('forecast_upload_status', { uploadId });
