import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyAction, copiedTimeoutMs } from './CopyAction';
import { renderWithProviders } from './test-utils';

/**
 * Runs `check` as on a plain-HTTP page, where browsers leave out navigator.clipboard. jsdom has none either, but a
 * userEvent.setup() elsewhere may have installed its stub, so it is hidden here and restored afterwards.
 */
function withoutClipboard(check: () => void) {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  try {
    check();
  } finally {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  }
}

describe('CopyAction', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the value and shows a check with "Copied"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyAction value="TXyz123address" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('TXyz123address');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
  });

  it('shows its tooltip while the pointer moves over it, not when the page changes under a still pointer', async () => {
    renderWithProviders(<CopyAction value="abc" />);
    const button = screen.getByRole('button', { name: 'Copy' });
    // What a browser sends when a closing modal uncovers the button under the pointer: boundary events, no move.
    fireEvent.pointerOver(button);
    fireEvent.pointerEnter(button);
    fireEvent.mouseOver(button);
    fireEvent.mouseEnter(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerMove(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy');
    fireEvent.pointerOut(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('keeps the copied mark for 3 s by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CopyAction value="abc" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(copiedTimeoutMs.table - 50));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('keeps the copied mark for the timeout the caller passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CopyAction value="abc" timeoutMs={copiedTimeoutMs.walletAddress} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('says the browser cannot copy when the Clipboard API is missing', () => {
    withoutClipboard(() => {
      renderWithProviders(<CopyAction value="abc" />);
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      expect(screen.getByRole('status')).toHaveTextContent('Your browser does not support clipboard operations.');
    });
  });

  it('says it in Russian too', () => {
    withoutClipboard(() => {
      renderWithProviders(<CopyAction value="abc" />, { language: 'ru' });
      fireEvent.click(screen.getByRole('button', { name: 'Копировать' }));
      expect(screen.getByRole('status')).toHaveTextContent('Ваш браузер не поддерживает операции с буфером обмена.');
    });
  });
});
