import { Button, Group, Stack } from '@mantine/core';
import { type AntiFraudCase, antiFraudListQuerySchema, can } from '@paydesk/contract';
import { IconAdjustments, IconFileSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListTable } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { toListQuery, useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { caseListPath, useCasesList } from '../api/listCases';
import { caseColumns, targetName } from '../components/caseColumns';
import { ReceiptCheckModal } from '../components/ReceiptCheckModal';
import { ReleaseCaseModal } from '../components/ReleaseCaseModal';
import { SettingsModal } from '../components/SettingsModal';

type Dialog = { kind: 'settings' } | { kind: 'receipt' } | { kind: 'release'; item: AntiFraudCase };

/**
 * /antifraud (SPEC §2.16, DESIGN §13): the cases the rules opened, newest first, with the server's filters. A full
 * admin releases a New case and changes the rules' settings; a support admin sees both and changes nothing. Both
 * check a receipt against the orders. The filters are kept in the address; the list exports as CSV as it is filtered.
 */
export function AntiFraudPage() {
  const { t } = useTranslation('antifraud');
  const user = useCurrentUser().data;
  const mayManage = user !== undefined && can(accessSubjectOf(user), 'antiFraud.manage');
  const mayExport = user !== undefined && can(accessSubjectOf(user), 'antiFraud.read');
  const list = useUrlListParams(antiFraudListQuerySchema);
  const cases = useCasesList(list.params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const toasts = useToasts();

  const columns = useMemo(
    () => caseColumns(t, mayManage ? { onRelease: (item) => setDialog({ kind: 'release', item }) } : null),
    [t, mayManage],
  );

  function released(item: AntiFraudCase) {
    toasts.done(t('release.done', { target: targetName(item) }));
    close();
  }
  function saved() {
    toasts.done(t('settings.saved'));
    close();
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        <Group gap="sm">
          {mayExport && <ExportCsvButton listPath={caseListPath} query={toListQuery(list.params)} />}
          <Button
            variant="default"
            leftSection={<IconFileSearch size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'receipt' })}
          >
            {t('receipt.open')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconAdjustments size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'settings' })}
          >
            {t('settings.open')}
          </Button>
        </Group>
      </PageHeader>
      <ListTable
        list={list}
        query={cases}
        namespace="antifraud"
        columns={columns}
        rowKey={(item) => item.guid}
        emptyMessage={t('empty')}
        scrollRegionLabel={t('table')}
        // Fits the content area of a 1280 px screen with the menu open; narrower, the table scrolls in its region.
        minWidthPx={mayManage ? 1000 : 900}
      />
      <SettingsModal opened={dialog?.kind === 'settings'} readOnly={!mayManage} onClose={close} onSaved={saved} />
      <ReceiptCheckModal opened={dialog?.kind === 'receipt'} onClose={close} />
      {mayManage && (
        <ReleaseCaseModal
          item={dialog?.kind === 'release' ? dialog.item : null}
          onClose={close}
          onReleased={released}
        />
      )}
    </Stack>
  );
}
