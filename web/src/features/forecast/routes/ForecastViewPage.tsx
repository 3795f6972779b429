import { Page } from '@/components/Page';
import { ForecastView } from '../components/ForecastView';

export default function ForecastViewPage() {
  return (
    <Page title="Forecast View">
      <ForecastView />
    </Page>
  );
}
