/**
 * Snapshots (decisions: "Portfolio health reads a snapshot"): a fleet-wide view kept by the server as one
 * gzip'd JSON object, read through a presigned URL in one request whatever the fleet's size.
 */
/** The object behind `url` (S3 serves it gzip'd; the browser inflates it). */
export async function fetchSnapshot<T>(url: string, what: string): Promise<{ asOf: string } & T> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`The ${what} snapshot could not be read (${res.status}).`);
  return (await res.json()) as { asOf: string } & T;
}
