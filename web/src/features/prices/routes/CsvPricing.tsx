import { Page } from '@/components/Page';
import { PriceUpload } from '../components/PriceUpload';

export default function CsvPricing() {
  return (
    <Page title="Update Item Prices">
      <PriceUpload />
    </Page>
  );
}
