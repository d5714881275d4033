import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppModal } from './AppModal';
import { renderWithProviders } from './test-utils';

function overlay(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
  if (!element) throw new Error('modal overlay is not rendered');
  return element;
}

function renderModal(props: { opened?: boolean; size?: 'sm' | 'md' | 'lg' | 'xl' } = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <AppModal opened={props.opened ?? true} onClose={onClose} title="Block user" size={props.size}>
      <p>Body text</p>
    </AppModal>,
  );
  return { onClose, ...view };
}

describe('AppModal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its title and content in a dialog', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Block user' })).toHaveTextContent('Body text');
  });

  it('renders nothing while closed', () => {
    renderModal({ opened: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores outside clicks during the first 100 ms, then closes on one', () => {
    const { onClose } = renderModal();
    fireEvent.click(overlay());
    act(() => vi.advanceTimersByTime(99));
    fireEvent.click(overlay());
    expect(onClose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(overlay());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('starts the grace period again each time it opens', () => {
    const { onClose, rerender } = renderModal();
    act(() => vi.advanceTimersByTime(500));
    rerender(
      <AppModal opened={false} onClose={onClose} title="Block user">
        Body
      </AppModal>,
    );
    rerender(
      <AppModal opened onClose={onClose} title="Block user">
        Body
      </AppModal>,
    );
    fireEvent.click(overlay());
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(overlay());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape at once', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with a named close button', () => {
    const { onClose } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed when blocking', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <AppModal opened onClose={onClose} title="Insurance" dismissible={false}>
        Pay the contribution first
      </AppModal>,
    );
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(overlay());
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it.each(['sm', 'md', 'lg', 'xl'] as const)('passes size %s to the modal', (size) => {
    renderModal({ size });
    const root = document.querySelector<HTMLElement>('.mantine-Modal-root');
    expect(root?.style.getPropertyValue('--modal-size')).toBe(`var(--modal-size-${size})`);
  });
});
