/**
 * The id a screen's path ends with: its last segment, decoded, or as written when it does not decode. The fridge
 * pages take the last segment as the id (spec 1-locations §2.1), so /locations/health/x/ID opens ID too.
 */
export function lastSegmentId(splat: string | undefined): string {
  const last = (splat ?? '').split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
