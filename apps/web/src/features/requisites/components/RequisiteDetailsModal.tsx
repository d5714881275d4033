import { Text } from '@mantine/core';
import type { Requisite } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { ItemModal } from '../../../ui/AppModal';
import { FieldTable } from '../../../ui/FieldTable';
import { labelledAttributes } from './requisiteColumns';

export interface RequisiteDetailsModalProps {
  requisite: Requisite | null;
  onClose: () => void;
}

/** SPEC §2.14 details: the attributes as label and value, labels from the payment option's definitions. */
export function RequisiteDetailsModal({ requisite, onClose }: RequisiteDetailsModalProps) {
  const { t } = useTranslation('requisites');
  return (
    <ItemModal item={requisite} onClose={onClose} title={(shown) => t('details.title', { name: shown.name })}>
      {(shown) => {
        const rows = labelledAttributes(shown);
        return rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.none')}
          </Text>
        ) : (
          <FieldTable
            caption={t('details.attributes')}
            rows={rows.map(({ field, label, value }) => [label, value, field] as const)}
          />
        );
      }}
    </ItemModal>
  );
}
