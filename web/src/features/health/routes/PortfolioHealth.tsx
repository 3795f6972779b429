import { Page } from '@/components/Page';
import { PortfolioHealthView } from '../components/PortfolioHealthView';

/** /portfoliohealth — Fridge Health Monitoring (spec 2-fleet-operations §2.2). */
export default function PortfolioHealth() {
  return (
    <Page title="Fridge Health Monitoring">
      <PortfolioHealthView />
    </Page>
  );
}
