import { Page } from '@/components/Page';
import { JitManagementView } from '../components/JitManagementView';

/** /jit-management — JIT Management (2-fleet-operations §2.6), behind the 'jit-management' flag. */
export default function JitManagement() {
  return (
    <Page title="JIT Management">
      <JitManagementView />
    </Page>
  );
}
