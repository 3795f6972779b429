import { Page } from '@/components/Page';
import { ParsView } from '../components/ParsView';

export default function ParsList() {
  return (
    <Page title="Pars View">
      <ParsView />
    </Page>
  );
}
