import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Flex, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { errorMessage } from '@/lib/api';
import { count } from '@/lib/count';
import { fridgeSoftwareDeployments, type Deployment } from '../api/fridge-software-deployments';
import { labelOf, SOFTWARE } from '../lib/inventory';

/** Fridges that had a version before, grouped by it: one redeploy per group. */
export function rollbackPlan(d: Deployment): { version: string; fridges: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const f of d.fridges) if (f.from) groups.set(f.from, [...(groups.get(f.from) ?? []), f.id]);
  return [...groups].map(([version, fridges]) => ({ version, fridges }));
}

const when = (at: string) => new Date(at).toLocaleString();

/** Past deployments of a software, each with Roll back (beyond the spec; see docs/decisions/software.md). */
export function DeploymentsDialog({
  onRollBack,
  onClose,
}: {
  onRollBack: (type: string, d: Deployment) => void;
  onClose: () => void;
}) {
  const [type, setType] = useState<string>(SOFTWARE[0].type);
  const [confirm, setConfirm] = useState<Deployment | null>(null);
  const history = useInfiniteQuery({
    queryKey: ['software', 'deployments', type],
    queryFn: ({ pageParam }) => fridgeSoftwareDeployments(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  const rows = history.data?.pages.flatMap((p) => p.items) ?? [];
  const columns: DataColumn<Deployment>[] = [
    { id: 'at', header: 'When', value: (d) => d.at, cell: (d) => when(d.at) },
    { id: 'who', header: 'Who', value: (d) => d.who },
    { id: 'to', header: 'Version', value: (d) => [...new Set(d.fridges.map((f) => f.to))].join(', ') },
    {
      id: 'fridges',
      header: 'Fridges (from → to)',
      value: (d) => d.fridges.map((f) => `${f.id}: ${f.from ?? 'none'} → ${f.to}`).join('; '),
    },
    {
      id: 'rollback',
      header: 'Roll back',
      value: () => '',
      exportable: false,
      sortable: false,
      cell: (d) => (
        <Guard call="updateFridgeArtifacts">
          {(refused) => (
            <Button size="small" onClick={() => setConfirm(d)} isDisabled={refused || rollbackPlan(d).length === 0}>
              Roll back
            </Button>
          )}
        </Guard>
      ),
    },
  ];
  const plan = confirm ? rollbackPlan(confirm) : [];
  const skipped = confirm ? confirm.fridges.filter((f) => !f.from).map((f) => f.id) : [];

  return (
    <Modal title="Deployments" onCancel={onClose} width="64rem" footer={<Button onClick={onClose}>Close</Button>}>
      <Flex direction="column" gap="0.75rem">
        <SelectField label="Software" value={type} onChange={(e) => setType(e.target.value)} width="16rem">
          {SOFTWARE.map((s) => (
            <option key={s.type} value={s.type}>
              {s.label}
            </option>
          ))}
        </SelectField>
        {history.isError ? (
          <Text color="font.error">{errorMessage(history.error, 'Could not load the deployments.')}</Text>
        ) : null}
        <DataTable
          label={`Deployments of ${labelOf(type)}`}
          noun="deployments"
          data={rows}
          columns={columns}
          getRowId={(d) => `${d.at}-${d.source}`}
          loading={history.isLoading}
          emptyMessage="No deployments of this software yet."
          height="50vh"
        />
        {history.hasNextPage ? (
          <Button size="small" onClick={() => history.fetchNextPage()} isLoading={history.isFetchingNextPage}>
            Load more
          </Button>
        ) : null}
        {history.isFetching && !history.isLoading ? <Loader size="small" /> : null}
      </Flex>
      {confirm ? (
        <ConfirmDialog
          title={`Roll back ${labelOf(type)} on ${count(
            plan.reduce((n, g) => n + g.fridges.length, 0),
            'fridge',
          )}?`}
          confirmLabel="Roll back"
          cancelLabel="Cancel"
          tone="destructive"
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const d = confirm;
            setConfirm(null);
            onRollBack(type, d);
          }}
        >
          {plan.map((g) => `${g.fridges.join(', ')} back to ${g.version}`).join('; ')}
          {skipped.length ? `. ${skipped.join(', ')} had no version before and stay as they are.` : ''}
        </ConfirmDialog>
      ) : null}
    </Modal>
  );
}
