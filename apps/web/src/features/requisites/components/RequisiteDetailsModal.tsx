import { Table, Text } from '@mantine/core';
import type { Requisite } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { useRetained } from '../../../ui/useRetained';
import { labelledAttributes } from './requisiteColumns';

export interface RequisiteDetailsModalProps {
  requisite: Requisite | null;
  onClose: () => void;
}

/** SPEC §2.14 details: the attributes as label and value, labels from the payment option's definitions. */
export function RequisiteDetailsModal({ requisite, onClose }: RequisiteDetailsModalProps) {
  const { t } = useTranslation('requisites');
  const shown = useRetained(requisite);
  const rows = shown ? labelledAttributes(shown) : [];
  return (
    <AppModal
      opened={requisite !== null}
      onClose={onClose}
      title={shown ? t('details.title', { name: shown.name }) : ''}
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.none')}
        </Text>
      ) : (
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Caption>{t('details.attributes')}</Table.Caption>
          <Table.Tbody>
            {rows.map(({ field, label, value }) => (
              <Table.Tr key={field}>
                <Table.Th w="40%" scope="row">
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </AppModal>
  );
}
