import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { Terminal, TerminalStatus } from '@paydesk/contract';
import { IconCreditCard, IconMessage2, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { IconAction } from '../../../ui/IconAction';
import { OnlineDot } from '../../../ui/OnlineDot';
import { StatusBadge } from '../../../ui/StatusBadge';
import type { TerminalStatusAction } from '../api/setTerminalStatus';
import { AutoSettleSwitch } from './AutoSettleSwitch';
import { ModeToggle } from './ModeToggle';
import { WaitingMessagesButton } from './WaitingMessagesButton';

export interface DeviceRowActions {
  onStatus: (terminal: Terminal, action: TerminalStatusAction) => void;
  onMessages: (terminal: Terminal) => void;
  onRequisites: (terminal: Terminal) => void;
  /** Its messages received while it waited for approval (DESIGN §19). */
  onWaiting: (terminal: Terminal) => void;
}

export interface DeviceColumnsOptions {
  /** Pause, play, approve and the switches (`devices.manage`); a support admin only reads. */
  mayManage: boolean;
  /** The device whose status change is on its way, if any. */
  busyGuid: string | null;
}

/** Pause (disable) is offered to a device at work or on its way there, play (moderate) to a paused one (SPEC §2.17). */
const pausable: readonly TerminalStatus[] = ['enabled', 'moderation', 'pending', 'lost_connection'];
const playable: readonly TerminalStatus[] = ['disabled', 'disabled_by_admin'];

const dash = '—';

type Translate = (key: string, options?: Record<string, string>) => string;

function DeviceCell({ terminal, t }: { terminal: Terminal; t: Translate }) {
  const device = terminal.device;
  if (!device) {
    return (
      <Text size="sm" c="dimmed">
        {t('devices.notPaired')}
      </Text>
    );
  }
  const sims = device.sims
    .map((sim) => sim.carrierName)
    .filter(Boolean)
    .join(', ');
  // One cell for the phone, its address and its SIMs: the switches and actions stay in view on a laptop's screen.
  return (
    <Stack gap={0}>
      <Text size="sm">{device.device_model || dash}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('devices.android', { version: device.android_version || dash })} ·{' '}
        {t('devices.app', { version: device.app_version || dash })}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('devices.ip', { address: device.ip_address ?? dash })} · {t('devices.sims', { sims: sims || dash })}
      </Text>
    </Stack>
  );
}

function ActionsCell(props: {
  terminal: Terminal;
  actions: DeviceRowActions;
  options: DeviceColumnsOptions;
  t: Translate;
}) {
  const { terminal, actions, options, t } = props;
  const slug = terminal.status.slug;
  const name = terminal.name;
  const busy = options.busyGuid === terminal.guid;
  return (
    <Group gap={4} wrap="nowrap">
      {options.mayManage && pausable.includes(slug) && (
        <IconAction
          label={t('devices.disable', { name })}
          color="red"
          disabled={busy}
          onClick={() => actions.onStatus(terminal, 'disable')}
        >
          <IconPlayerPause size={18} aria-hidden />
        </IconAction>
      )}
      {options.mayManage && playable.includes(slug) && (
        <IconAction
          label={t('devices.moderate', { name })}
          color="green"
          disabled={busy}
          onClick={() => actions.onStatus(terminal, 'moderate')}
        >
          <IconPlayerPlay size={18} aria-hidden />
        </IconAction>
      )}
      {options.mayManage && slug === 'moderation' && (
        <Button
          size="compact-sm"
          variant="light"
          color="green"
          aria-label={t('devices.enableNamed', { name })}
          loading={busy}
          onClick={() => actions.onStatus(terminal, 'enable')}
        >
          {t('devices.enable')}
        </Button>
      )}
      <IconAction label={t('actions.messages', { name })} onClick={() => actions.onMessages(terminal)}>
        <IconMessage2 size={18} aria-hidden />
      </IconAction>
      <IconAction label={t('devices.requisites', { name })} onClick={() => actions.onRequisites(terminal)}>
        <IconCreditCard size={18} aria-hidden />
      </IconAction>
    </Group>
  );
}

/** The columns of the devices table (SPEC §2.17, §3 Terminal/device). */
export function deviceColumns(
  t: Translate,
  actions: DeviceRowActions,
  options: DeviceColumnsOptions,
): DataTableColumn<Terminal>[] {
  return [
    {
      key: 'status',
      title: t('devices.column.status'),
      render: (terminal) => (
        // The badge cuts a long title short when its column is squeezed; at its full width the table scrolls instead.
        <Box w="max-content">
          <StatusBadge slug={terminal.status.slug} label={terminal.status.title} kind="terminal" />
        </Box>
      ),
    },
    {
      key: 'terminal',
      title: t('devices.column.terminal'),
      render: (terminal) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {terminal.name}
          </Text>
          <CopyableId id={terminal.guid} />
          <WaitingMessagesButton terminal={terminal} onOpen={actions.onWaiting} />
        </Stack>
      ),
    },
    {
      key: 'owner',
      title: t('devices.column.owner'),
      render: (terminal) => (
        <Stack gap={0}>
          <Text size="sm">{terminal.user.username}</Text>
          {terminal.user.email && (
            <Text size="xs" c="dimmed">
              {terminal.user.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'online',
      title: t('devices.column.online'),
      render: (terminal) => <OnlineDot online={terminal.is_online} />,
    },
    {
      key: 'device',
      title: t('devices.column.device'),
      render: (terminal) => <DeviceCell terminal={terminal} t={t} />,
    },
    {
      key: 'deposit',
      title: t('devices.column.deposit'),
      render: (terminal) => <ModeToggle terminal={terminal} direction="pay_in" disabled={!options.mayManage} />,
    },
    {
      key: 'withdraw',
      title: t('devices.column.withdraw'),
      render: (terminal) => <ModeToggle terminal={terminal} direction="pay_out" disabled={!options.mayManage} />,
    },
    {
      key: 'autoSettle',
      title: t('devices.column.autoSettle'),
      render: (terminal) => <AutoSettleSwitch terminal={terminal} disabled={!options.mayManage} />,
    },
    {
      key: 'actions',
      title: t('devices.column.actions'),
      render: (terminal) => <ActionsCell terminal={terminal} actions={actions} options={options} t={t} />,
    },
  ];
}
