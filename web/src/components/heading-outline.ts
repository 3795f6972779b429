/**
 * What is wrong with a screen's headings (issue 22): a screen has exactly one `h1`, and no heading
 * skips a level (an `h2` may follow the `h1`, an `h4` may not). An empty list means none. For
 * unit tests of screens; the browser tests run axe for the rest.
 */
export function headingProblems(root: ParentNode = document): string[] {
  const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"][aria-level]')].map((h) =>
    h.getAttribute('role') === 'heading' ? Number(h.getAttribute('aria-level')) : Number(h.tagName.slice(1)),
  );
  const problems: string[] = [];
  const ones = levels.filter((l) => l === 1).length;
  if (ones !== 1) problems.push(`${ones} h1 headings (one expected)`);
  let previous = 0;
  for (const level of levels) {
    if (level > previous + 1) problems.push(`h${level} after ${previous ? `h${previous}` : 'the start'}`);
    previous = level;
  }
  return problems;
}
