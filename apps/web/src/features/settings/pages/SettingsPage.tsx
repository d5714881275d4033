import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { CurrentUser, UserType } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useCurrentUser } from '../../../lib/query';
import { InsuranceGateModal } from '../components/InsuranceGateModal';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { ProfileCard } from '../components/ProfileCard';

/** SPEC §2.11: who gets the profile card. */
const profileRoles: readonly UserType[] = ['partner', 'agent', 'merchant', 'trader'];

/** While the gate is up, the user is re-read now and then so paying lifts it without a reload. */
const gateRecheckMs = 30_000;

/** The part of the shell's outlet context this screen uses (provided by the app layout). */
interface ShellActions {
  signOut?: () => Promise<void>;
}

function isGated(user: CurrentUser | undefined): boolean {
  return user?.role === 'trader' && !user.profile.insurance_paid;
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {profileRoles.includes(user.role) && <ProfileCard user={user} />}
        <PasswordChangeForm username={user.username} />
      </SimpleGrid>
      {isGated(user) && <InsuranceGateModal user={user} onSignOut={signOut ? () => void signOut() : undefined} />}
    </Stack>
  );
}
