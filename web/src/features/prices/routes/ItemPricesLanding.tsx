import { Page } from '@/components/Page';
import { PriceDownload } from '../components/PriceDownload';

export default function ItemPricesLanding() {
  return (
    <Page title="Download Item Prices">
      <PriceDownload />
    </Page>
  );
}
