import type { ReactNode } from 'react';
import { Heading, View } from '@aws-amplify/ui-react';

export interface HelpPanelProps {
  /** The panel's level-2 heading; none for a panel of one paragraph. */
  heading?: string;
  /** The panel's paragraphs (`<Text as="p">`). */
  children: ReactNode;
}

/** The help beside an upload (UploadWorkbench's `help`): a section named "Help" on the secondary background. */
export function HelpPanel({ heading, children }: HelpPanelProps) {
  return (
    <View
      as="section"
      aria-label="Help"
      padding="1rem"
      backgroundColor="var(--amplify-colors-background-secondary)"
      borderRadius="6px"
    >
      {heading ? (
        <Heading level={2} fontSize="large">
          {heading}
        </Heading>
      ) : null}
      {children}
    </View>
  );
}
