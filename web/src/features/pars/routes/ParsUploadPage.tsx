import { Page } from '@/components/Page';
import { ParsUpload } from '../components/ParsUpload';

export default function ParsUploadPage() {
  return (
    <Page title="Upload Pars">
      <ParsUpload />
    </Page>
  );
}
