import { Button, Group, Stack } from '@mantine/core';
import { can, type Requisite, requisiteListQuerySchema } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListTable } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { toListQuery, useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { type RequisiteScope, requisiteListPaths, useRequisitesList } from '../api/listRequisites';
import { RequisiteCard } from './RequisiteCard';
import { RequisiteDetailsModal } from './RequisiteDetailsModal';
import { RequisiteFormModal } from './RequisiteFormModal';
import { RestrictionsModal, type RestrictionsTarget } from './RestrictionsModal';
import { type RequisiteRowActions, requisiteColumns } from './requisiteColumns';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; requisite: Requisite }
  | { kind: 'details'; requisite: Requisite }
  | { kind: 'restrictions'; target: RestrictionsTarget };

/**
 * SPEC §2.14: the admin's list of every requisite (`all`, with owners and the active dropdown) or a trader's own
 * (`own`): filters from the server, the table, pagination, and the add, edit, details and restrictions modals. The page,
 * its size and the filters are kept in the address; the admin's list exports as CSV as it is filtered.
 */
export function RequisiteListView({ scope }: { scope: RequisiteScope }) {
  const { t } = useTranslation('requisites');
  const toasts = useToasts();
  const user = useCurrentUser().data;
  const mayWrite = user !== undefined && can(accessSubjectOf(user), 'requisites.write');
  const mayExport = scope === 'all' && user !== undefined && can(accessSubjectOf(user), 'requisites.read');
  const list = useUrlListParams(requisiteListQuerySchema);
  const requisites = useRequisitesList(scope, list.params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const requisiteOf = (kind: 'edit' | 'details') =>
    dialog?.kind === kind && 'requisite' in dialog ? dialog.requisite : null;

  const { columns, phoneCards } = useMemo(() => {
    const actions: RequisiteRowActions = {
      onDetails: (requisite) => setDialog({ kind: 'details', requisite }),
      onEdit: (requisite) => setDialog({ kind: 'edit', requisite }),
      onRestrictions: (requisite, readOnly) => setDialog({ kind: 'restrictions', target: { requisite, readOnly } }),
    };
    const options = { showOwner: scope === 'all', mayWrite, activeSelect: scope === 'all' };
    return {
      columns: requisiteColumns(t, actions, options),
      phoneCards: {
        label: t('title'),
        cardLabel: (requisite: Requisite) => t('card', { name: requisite.name }),
        card: (requisite: Requisite) => <RequisiteCard requisite={requisite} actions={actions} options={options} />,
      },
    };
  }, [t, scope, mayWrite]);

  function onSaved(requisite: Requisite, created: boolean) {
    toasts.done(t(created ? 'toast.created' : 'toast.updated', { name: requisite.name }));
    close();
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        <Group gap="sm">
          {mayExport && <ExportCsvButton listPath={requisiteListPaths.all} query={toListQuery(list.params)} />}
          {mayWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
              {t('add')}
            </Button>
          )}
        </Group>
      </PageHeader>
      <ListTable
        list={list}
        query={requisites}
        namespace="requisites"
        columns={columns}
        rowKey={(requisite) => requisite.id}
        emptyMessage={t('empty')}
        minWidthPx={scope === 'all' ? 1150 : 1000}
        phoneCards={scope === 'own' ? phoneCards : undefined}
      />

      {mayWrite && (
        <RequisiteFormModal
          opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
          requisite={requisiteOf('edit') ?? undefined}
          withOwner={scope === 'all'}
          onClose={close}
          onSaved={onSaved}
        />
      )}
      <RequisiteDetailsModal requisite={requisiteOf('details')} onClose={close} />
      <RestrictionsModal
        target={dialog?.kind === 'restrictions' ? dialog.target : null}
        onClose={close}
        onSaved={(requisite) => {
          toasts.done(t('toast.restrictionsSaved', { name: requisite.name }));
          close();
        }}
      />
    </Stack>
  );
}
