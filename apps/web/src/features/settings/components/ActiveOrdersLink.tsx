import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveOrdersCount } from '../api/countActiveOrders';

/**
 * Issue 32: sign-in lands on /settings (SPEC §2.1), so a trader with orders open finds the way to them at the top of
 * the page, with their number as the server counts them. Nothing shows while there are none, or while the count is
 * loading or failed (the menu still leads to /active).
 */
export function ActiveOrdersLink({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('settings');
  const count = useActiveOrdersCount(enabled);
  if (!enabled || !count.data) return null;
  return (
    <Button
      component={Link}
      to="/active"
      variant="light"
      rightSection={<IconArrowRight size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('activeOrders.link', { count: count.data })}
    </Button>
  );
}
