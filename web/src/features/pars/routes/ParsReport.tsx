import { Page } from '@/components/Page';
import { PackingReport } from '../components/PackingReport';

export default function ParsReport() {
  return (
    <Page title="Packing Slip Report">
      <PackingReport />
    </Page>
  );
}
