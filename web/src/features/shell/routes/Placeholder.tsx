import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useDocumentTitle } from '@/components/useDocumentTitle';

export interface PlaceholderProps {
  /** The screen's name, e.g. 'Forecast view'. */
  name: string;
  /** Where the screen is specified, e.g. '3-planning-and-reporting §2 (Forecast view)'. */
  spec: string;
}

/** A route whose screen comes in a later delivery. */
export default function Placeholder({ name, spec }: PlaceholderProps) {
  useDocumentTitle(name);
  return (
    <Flex direction="column" gap="medium" className="notice-page">
      <Heading level={1}>{name} — coming soon</Heading>
      <Card variation="outlined">
        <Flex direction="column" gap="small">
          <Badge variation="info" alignSelf="flex-start">
            Planned
          </Badge>
          <Text>
            This screen is specified in <strong>{spec}</strong> and will be available in a later release.
          </Text>
        </Flex>
      </Card>
    </Flex>
  );
}
