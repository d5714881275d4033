import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, type PartnerSystem, partnerSystemListQuerySchema } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useUrlListParams } from '../../../ui/useListParams';
import { PartnerDetailView } from '../components/PartnerDetailView';
import { PartnerFormModal } from '../components/PartnerFormModal';
import { PartnerListView } from '../components/PartnerListView';

/** What the list leaves in the history entry of a detail view it opened. */
interface OpenedFromList {
  fromList: true;
}

const openedFromList = (state: unknown): state is OpenedFromList =>
  typeof state === 'object' && state !== null && (state as Partial<OpenedFromList>).fromList === true;

type Dialog = { kind: 'create' } | { kind: 'edit'; system: PartnerSystem };

/**
 * /partners (SPEC §2.20): the partner payment systems and, at `?slug=…`, one of them in detail, so a reload or the
 * browser's back button keeps the view. Every admin reads; admins with `partners.manage` also create and edit (a
 * support admin does not).
 */
export function PartnersPage() {
  const { t } = useTranslation('partners');
  const user = useCurrentUser().data;
  const mayManage = user !== undefined && can(accessSubjectOf(user), 'partners.manage');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const slug = search.get('slug');
  // The list's page and filters live in the address, so they are still there when the detail view closes.
  const list = useUrlListParams(partnerSystemListQuerySchema);
  const [opened, setOpened] = useState<PartnerSystem | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  const [returned, setReturned] = useState(false);

  const open = useCallback(
    (system: PartnerSystem) => {
      setOpened(system);
      const state: OpenedFromList = { fromList: true };
      void navigate({ search: `?slug=${encodeURIComponent(system.partner.slug)}` }, { state });
    },
    [navigate],
  );
  const edit = useCallback((system: PartnerSystem) => setDialog({ kind: 'edit', system }), []);

  function back() {
    setReturned(true);
    // Opened from the list: the browser's own step back, so back and forward keep working as the user expects.
    if (openedFromList(location.state)) void navigate(-1);
    else setSearch({}, { replace: true });
  }

  useEffect(() => {
    if (returned && slug === null) listTitleRef.current?.focus();
  }, [returned, slug]);

  function saved(system: PartnerSystem, created: boolean) {
    notifications.show({
      color: 'teal',
      message: t(created ? 'toast.created' : 'toast.saved', { title: system.partner.title }),
    });
    setDialog(null);
  }

  const onEdit = mayManage ? edit : null;
  return (
    <>
      {slug !== null ? (
        <PartnerDetailView
          key={slug}
          slug={slug}
          known={opened?.partner.slug === slug ? opened : undefined}
          onBack={back}
          onEdit={onEdit}
          focusTitle={openedFromList(location.state)}
        />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={1} size="h2" ref={listTitleRef} tabIndex={-1} style={{ outline: 'none' }}>
              {t('screen.partners', { ns: 'app' })}
            </Title>
            {mayManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
                {t('create')}
              </Button>
            )}
          </Group>
          <PartnerListView list={list} onOpen={open} onEdit={onEdit} />
        </Stack>
      )}
      {mayManage && (
        <PartnerFormModal
          opened={dialog !== null}
          system={dialog?.kind === 'edit' ? dialog.system : undefined}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      )}
    </>
  );
}
