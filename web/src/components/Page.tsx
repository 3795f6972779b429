import { Heading, View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

export interface PageProps {
  /** The screen's heading (its one `h1`), also the browser tab's title. */
  title: string;
  /** Space under the heading. */
  headingGap?: string;
  children: ReactNode;
}

/**
 * A screen of the console: its heading, the tab named after it, and its content. The title is the
 * screen's only `h1`; the sections inside start at `h2` (no skipped levels).
 */
export function Page({ title, headingGap = '1rem', children }: PageProps) {
  useDocumentTitle(title);
  return (
    // Padding and heading size come from styles.css (.page): smaller on a phone.
    <View className="page">
      <Heading level={1} className="page-title" marginBottom={headingGap}>
        {title}
      </Heading>
      {children}
    </View>
  );
}
