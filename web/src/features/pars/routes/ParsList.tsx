import { Page } from '@/components/Page';
import { ParsView } from '../components/ParsView';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadParsView as preloadData } from '../api/pars-lookups';

export default function ParsList() {
  return (
    <Page title="Pars View">
      <ParsView />
    </Page>
  );
}
