/**
 * Snapshots (decisions: "Portfolio health reads a snapshot"): a fleet-wide view kept by the server as one
 * gzip'd JSON object, read through a presigned URL in one request whatever the fleet's size.
 */

/** Where a snapshot is and when it was built, as the server answers (`asOf` when the query asks it). */
export interface SnapshotLocation {
  url: string;
  asOf?: string | null;
}

/**
 * The object behind `where.url` (S3 serves it gzip'd; the browser inflates it). `shown`, the copy already
 * on screen, is answered as it is when the stored snapshot is that same one (same `asOf`): a refresh
 * within the snapshot's minute downloads nothing (at 25,000 fridges a download is ~250 KB gzip'd).
 */
export async function fetchSnapshot<T>(
  where: SnapshotLocation,
  what: string,
  shown?: { asOf: string } & T,
): Promise<{ asOf: string } & T> {
  if (shown && where.asOf && shown.asOf === where.asOf) return shown;
  const res = await fetch(where.url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`The ${what} snapshot could not be read (${res.status}).`);
  // The body is taken as the type its caller names (T): like parseAnswer in api.ts, JSON is the one trusted edge.
  const snapshot: { asOf: string } & T = await res.json();
  return snapshot;
}
