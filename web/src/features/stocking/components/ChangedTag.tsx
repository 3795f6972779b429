/**
 * What a read just changed says so in words, not colour alone (issue 61): a 'Changed' tag on a stop's row, a
 * route card or a Needs-attention item, for a while (CHANGED_MS). Its class draws the tag (stocking.css).
 */
export function ChangedTag() {
  return <span className="live-changed">Changed</span>;
}
