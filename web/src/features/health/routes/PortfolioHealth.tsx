import { Heading, View } from '@aws-amplify/ui-react';
import { PortfolioHealthView } from '../components/PortfolioHealthView';

/** /portfoliohealth — Fridge Health Monitoring (spec 2-fleet-operations §2.2). */
export default function PortfolioHealth() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Fridge Health Monitoring
      </Heading>
      <PortfolioHealthView />
    </View>
  );
}
