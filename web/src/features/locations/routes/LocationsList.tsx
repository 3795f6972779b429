import { Page } from '@/components/Page';
import { LocationsList as List } from '../components/LocationsList';

/** /locations/all — every location, cached locally and refreshed in the background (spec §2.6). */
export default function LocationsList() {
  return (
    <Page title="Locations">
      <List />
    </Page>
  );
}
