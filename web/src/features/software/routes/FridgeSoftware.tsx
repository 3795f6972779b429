import { Page } from '@/components/Page';
import { FridgeSoftwareView } from '../components/FridgeSoftwareView';

/** /locations/fridge_software — Locations → View Fridge Software. */
export default function FridgeSoftware() {
  return (
    <Page title="Fridge Software Inventory">
      <FridgeSoftwareView />
    </Page>
  );
}
