import { Page } from '@/components/Page';
import { FridgeSoftwareView } from '../components/FridgeSoftwareView';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadFridgeSoftware as preloadData } from '../api/use-software-data';

/** /locations/fridge_software — Locations → View Fridge Software. */
export default function FridgeSoftware() {
  return (
    <Page title="Fridge Software Inventory">
      <FridgeSoftwareView />
    </Page>
  );
}
