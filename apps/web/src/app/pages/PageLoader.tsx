import { Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StartFrame {
  path: string;
  title: string;
  withMenu: boolean;
}

/** The frame the server sent in the first HTML (apps/server/src/plugins/page-shell.ts), read before React replaced it. */
let startFrame: StartFrame | null = null;

/** Called by startup with `#root` before the first render: remembers the server's frame, if it sent one. */
export function keepStartFrame(root: HTMLElement): void {
  const title = root.querySelector('.pd-shell-title')?.textContent;
  startFrame = title
    ? { path: window.location.pathname, title, withMenu: !!root.querySelector('.pd-shell-nav') }
    : null;
}

/** The server's frame while its screen is still on screen (the address has not moved since startup). */
function frameOfThisScreen(): StartFrame | null {
  return startFrame?.path === window.location.pathname ? startFrame : null;
}

function Spinner() {
  const { t } = useTranslation('app');
  return (
    <Center mih={200} role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}

/**
 * What a screen shows while it loads. On the screen the server framed, its title stays where the frame had it (the
 * loader under it), so the page does not go from the frame to a bare spinner and back to the title.
 */
export function PageLoader() {
  const frame = frameOfThisScreen();
  if (!frame) return <Spinner />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {frame.title}
      </Title>
      <Spinner />
    </Stack>
  );
}

/**
 * The loader of the whole signed-in layout (its code still coming): on the screen the server framed, that frame as
 * the server drew it (index.html's `pd-shell` styles), else a spinner.
 */
export function LayoutLoader() {
  const { t } = useTranslation('app');
  const frame = frameOfThisScreen();
  if (!frame) return <Spinner />;
  return (
    <div className="pd-shell" aria-busy="true">
      <header className="pd-shell-header">
        <span className="pd-shell-brand">{t('appName')}</span>
      </header>
      {frame.withMenu && <div className="pd-shell-nav" />}
      <main className="pd-shell-main">
        <Stack gap="md">
          <h1 className="pd-shell-title">{frame.title}</h1>
          <Spinner />
        </Stack>
      </main>
    </div>
  );
}
