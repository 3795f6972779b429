import { Page } from '@/components/Page';
import { LogiNextView } from '../components/LogiNextView';

/** /loginext — LogiNext route sync (2-fleet-operations §2.7). */
export default function LogiNext() {
  return (
    <Page title="LogiNext">
      <LogiNextView />
    </Page>
  );
}
