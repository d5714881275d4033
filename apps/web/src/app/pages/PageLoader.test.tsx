import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { AppProviders } from '../providers';
import { prepareI18n } from '../testing';
import { keepStartFrame, LayoutLoader, PageLoader } from './PageLoader';

function framedRoot(title: string | null, withMenu = true): HTMLElement {
  const root = document.createElement('div');
  if (title !== null) {
    root.innerHTML =
      '<div class="pd-shell"><header class="pd-shell-header"></header>' +
      (withMenu ? '<div class="pd-shell-nav"></div>' : '') +
      `<main class="pd-shell-main"><h1 class="pd-shell-title">${title}</h1></main></div>`;
  }
  return root;
}

const renderWithProviders = (element: ReactElement) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {element}
    </AppProviders>,
  );

beforeAll(() => prepareI18n('en'));

afterEach(() => {
  keepStartFrame(framedRoot(null));
  window.history.replaceState(null, '', '/');
});

describe('loaders on the screen the server framed', () => {
  it("keep the frame's title while the screen loads, and only on that screen", () => {
    window.history.replaceState(null, '', '/active');
    keepStartFrame(framedRoot('Active orders'));
    const { unmount } = renderWithProviders(<PageLoader />);
    expect(screen.getByRole('heading', { level: 1, name: 'Active orders' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    unmount();

    window.history.replaceState(null, '', '/history');
    renderWithProviders(<PageLoader />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it("draw the server's frame while the signed-in layout loads, the menu's place only where it was", () => {
    window.history.replaceState(null, '', '/settings');
    keepStartFrame(framedRoot('Settings', false));
    const { container } = renderWithProviders(<LayoutLoader />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(container.querySelector('.pd-shell-nav')).toBeNull();
    expect(container.querySelector('.pd-shell-brand')).toHaveTextContent('Paydesk');
  });

  it('show a spinner alone when the server sent no frame', () => {
    window.history.replaceState(null, '', '/active');
    keepStartFrame(framedRoot(null));
    renderWithProviders(<LayoutLoader />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
