import { Page } from '@/components/Page';
import { ParsUpload } from '../components/ParsUpload';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadParsUpload as preloadData } from '../api/pars-lookups';

export default function ParsUploadPage() {
  return (
    <Page title="Upload Pars">
      <ParsUpload />
    </Page>
  );
}
