import { SimpleGrid, Stack, Title } from '@mantine/core';
import { type CurrentUser, can, type UserType } from '@paydesk/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ActiveOrdersLink } from '../components/ActiveOrdersLink';
import { ApiKeyCard } from '../components/ApiKeyCard';
import { FeesCard } from '../components/FeesCard';
import { InsuranceGateModal } from '../components/InsuranceGateModal';
import { NotificationCard } from '../components/NotificationCard';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { PayerPageCard } from '../components/PayerPageCard';
import { ProfileCard } from '../components/ProfileCard';
import { SystemBalanceCard } from '../components/SystemBalanceCard';
import { TwoFactorCard } from '../components/TwoFactorCard';
import { WebhookDeliveriesCard } from '../components/WebhookDeliveriesCard';
import { WebhooksCard } from '../components/WebhooksCard';

/** SPEC §2.11: who gets the profile card. */
const profileRoles: readonly UserType[] = ['partner', 'agent', 'merchant', 'trader'];

/**
 * While the gate is up, the user is re-read now and then so paying lifts it without a reload. The real-time deposit
 * event re-reads it at once; this is the fallback for a lost connection.
 */
const gateRecheckMs = 30_000;

/** The part of the shell's outlet context this screen uses (provided by the app layout). */
interface ShellActions {
  signOut?: () => Promise<void>;
}

function isGated(user: CurrentUser | undefined): boolean {
  return user?.role === 'trader' && !user.profile.insurance_paid;
}

interface Section {
  key: string;
  /** Rough height, only to balance the two columns on wide screens. */
  weight: number;
  node: ReactNode;
}

/** The cards this user may see (SPEC §2.11, §6), in reading order. */
function sectionsFor(user: CurrentUser): Section[] {
  const subject = accessSubjectOf(user);
  const sections: (Section | false)[] = [
    profileRoles.includes(user.role) && { key: 'profile', weight: 5, node: <ProfileCard user={user} /> },
    can(subject, 'systemBalance.read') && {
      key: 'systemBalance',
      weight: 5,
      node: <SystemBalanceCard canCheckLedger={can(subject, 'ledger.reconcile')} />,
    },
    can(subject, 'apiKeys.manage') && { key: 'apiKey', weight: 2, node: <ApiKeyCard apiKey={user.apiKeys.key} /> },
    can(subject, 'notifications.manage') && { key: 'notifications', weight: 3, node: <NotificationCard /> },
    can(subject, 'notifications.manage') && { key: 'webhooks', weight: 3.5, node: <WebhooksCard /> },
    can(subject, 'notifications.manage') && { key: 'deliveries', weight: 3.5, node: <WebhookDeliveriesCard /> },
    can(subject, 'payerPage.manage') && { key: 'payerPage', weight: 5, node: <PayerPageCard /> },
    can(subject, 'fees.own') && { key: 'fees', weight: 2.5, node: <FeesCard /> },
    { key: 'twoFactor', weight: 1.5, node: <TwoFactorCard enabled={user.is2FAEnabled} /> },
    { key: 'password', weight: 3.5, node: <PasswordChangeForm username={user.username} /> },
  ];
  return sections.filter((section) => section !== false);
}

/**
 * Two columns of cards that do not stretch to each other's height. The left column takes the first sections and
 * the right one the rest, cut where the columns come out most even: read left then right (as on a narrow screen,
 * where the columns stack) the cards keep their reading order.
 */
function intoColumns(sections: readonly Section[]): [Section[], Section[]] {
  const total = sections.reduce((sum, section) => sum + section.weight, 0);
  let best = { cut: 0, taller: total };
  let left = 0;
  for (const [index, section] of sections.entries()) {
    left += section.weight;
    const taller = Math.max(left, total - left);
    if (taller < best.taller) best = { cut: index + 1, taller };
  }
  return [sections.slice(0, best.cut), sections.slice(best.cut)];
}

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const shell = useOutletContext<ShellActions | undefined>();
  const { data: user } = useCurrentUser({
    refetchInterval: (query) => (isGated(query.state.data) ? gateRecheckMs : false),
  });
  if (!user) return null;
  const signOut = shell?.signOut;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ActiveOrdersLink enabled={can(accessSubjectOf(user), 'orders.trader')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        {intoColumns(sectionsFor(user)).map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two columns are fixed positions.
          <Stack key={index} gap="lg">
            {column.map((section) => (
              <Fragment key={section.key}>{section.node}</Fragment>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
      {isGated(user) && <InsuranceGateModal user={user} onSignOut={signOut ? () => void signOut() : undefined} />}
    </Stack>
  );
}
