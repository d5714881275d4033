import { Box } from '@mantine/core';
import { type Dispute, type DisputeStatus, disputeStatuses } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { SingleSelect } from '../../../ui/SingleSelect';
import { statusColor } from '../../../ui/StatusBadge';

/** Where an open dispute can go (SPEC §4): rejected or resolved. */
export type DisputeStatusChoice = Exclude<DisputeStatus, 'open'>;

const isChoice = (value: string | null): value is DisputeStatusChoice => value === 'rejected' || value === 'resolved';

export interface DisputeStatusSelectProps {
  dispute: Dispute;
  onChoose: (status: DisputeStatusChoice) => void;
  /** The status being sent for this dispute, shown while the call is in flight. */
  pending: DisputeStatusChoice | null;
  disabled: boolean;
}

/**
 * The status selector of an open dispute (SPEC §2.12, §4): every status listed, `open` shown but not a choice; a
 * choice is acted on at once. The select keeps showing the dispute's real status: the reloaded list moves it.
 */
export function DisputeStatusSelect({ dispute, onChoose, pending, disabled }: DisputeStatusSelectProps) {
  const { t } = useTranslation('orders');
  const shown = pending ?? dispute.status.slug;
  // The status badge's colour, as a dot: the select stands where the badge would (SPEC §4 dispute colours).
  const dot = (
    <Box
      aria-hidden="true"
      w={8}
      h={8}
      style={{ borderRadius: '50%', background: `var(--mantine-color-${statusColor(shown, 'dispute')}-filled)` }}
    />
  );
  return (
    <SingleSelect
      aria-label={t('appeals.statusOf', { id: shortenId(dispute.uuid) })}
      data={disputeStatuses.map((status) => ({
        value: status,
        label: t(`appeals.status.${status}`),
        disabled: status === 'open',
      }))}
      value={shown}
      leftSection={dot}
      leftSectionWidth={24}
      onChange={(value) => {
        if (isChoice(value)) onChoose(value);
      }}
      allowDeselect={false}
      disabled={disabled || pending !== null}
      size="xs"
      w={124}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
