import { Page } from '@/components/Page';
import { ForecastUpload } from '../components/ForecastUpload';

export default function ForecastUploadPage() {
  return (
    <Page title="Upload Forecast">
      <ForecastUpload />
    </Page>
  );
}
