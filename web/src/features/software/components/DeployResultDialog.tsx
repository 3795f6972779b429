import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { StatusBadge } from '@/components/StatusBadge';
import type { DeploymentResult, TableResult } from '../lib/deployment';
import { MESSAGES } from '../lib/messages';

const TONE = { success: 'success', failure: 'error', 'n/a': 'neutral' } as const;

function Section({
  table,
  result,
  success,
  failure,
  children,
}: {
  table: string;
  result: TableResult;
  success: string;
  failure: string;
  children?: React.ReactNode;
}) {
  return (
    <Flex direction="column" gap="0.25rem" as="section" aria-label={table}>
      <Flex alignItems="center" gap="0.5rem">
        <Heading level={3} fontSize="medium">
          {table}
        </Heading>
        <StatusBadge tone={TONE[result]}>{result === 'n/a' ? 'N/A' : result}</StatusBadge>
      </Flex>
      <Text>{result === 'success' ? success : result === 'failure' ? failure : 'N/A'}</Text>
      {children}
    </Flex>
  );
}

/** The result of a deployment: the version table and the pilot table, separately (§2.1). */
export function DeployResultDialog({ result, onClose }: { result: DeploymentResult; onClose: () => void }) {
  return (
    <Modal
      title="Deployment result"
      role="alertdialog"
      onCancel={onClose}
      footer={
        <Button data-autofocus onClick={onClose}>
          Close
        </Button>
      }
    >
      <Flex direction="column" gap="1rem">
        <Section
          table="FridgeSoftwareVersion"
          result={result.version}
          success={MESSAGES.versionSuccess}
          failure={MESSAGES.versionFailure}
        >
          {result.versionError ? <Text color="font.error">{result.versionError}</Text> : null}
          {result.version === 'failure' && result.failedFridges.length > 0 ? (
            <Text>
              {MESSAGES.failedFridges} {result.failedFridges.join(', ')}
            </Text>
          ) : null}
        </Section>
        <Section
          table="FridgeSoftwarePilots"
          result={result.pilot}
          success={MESSAGES.pilotSuccess}
          failure={MESSAGES.pilotFailure}
        >
          {result.pilotError ? <Text color="font.error">{result.pilotError}</Text> : null}
        </Section>
      </Flex>
    </Modal>
  );
}
