import { useState } from 'react';
import { Divider, Heading } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { LayoutViewer } from '../components/LayoutViewer';
import { PlanogramUpload } from '../components/PlanogramUpload';

/** /planograms (3-planning §2): schedule slot changes by CSV; below, a layout's current and upcoming slots. */
export default function PlanogramsPage() {
  const [layout, setLayout] = useState('');
  return (
    <Page title="Planogram">
      {/* After a Submit the viewer shows the file's layout, unless one is already chosen. */}
      <PlanogramUpload onSubmitted={(l) => setLayout((current) => current || l)} />
      <Divider marginBlock="1.5rem" />
      <Heading level={2} fontSize="xl" marginBottom="1rem">
        Layout
      </Heading>
      <LayoutViewer layout={layout} onLayout={setLayout} />
    </Page>
  );
}
