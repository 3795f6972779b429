import { Heading, View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

export interface PageProps {
  /** The screen's heading, also the browser tab's title. */
  title: string;
  /** Space under the heading. */
  headingGap?: string;
  children: ReactNode;
}

/** A screen of the console: its heading, the tab named after it, and its content. */
export function Page({ title, headingGap = '1rem', children }: PageProps) {
  useDocumentTitle(title);
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom={headingGap}>
        {title}
      </Heading>
      {children}
    </View>
  );
}
