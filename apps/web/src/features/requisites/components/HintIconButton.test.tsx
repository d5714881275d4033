import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../ui/test-utils';
import { HintIconButton, hintCloseDelayMs, hintVisibleMs } from './HintIconButton';

describe('HintIconButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderButton() {
    const onClick = vi.fn();
    renderWithProviders(
      <HintIconButton label="View restrictions" onClick={onClick}>
        x
      </HintIconButton>,
    );
    return { button: screen.getByRole('button', { name: 'View restrictions' }), onClick };
  }

  it('hides its tooltip on its own 2 s after it shows (SPEC §2.14)', () => {
    const { button } = renderButton();
    fireEvent.mouseEnter(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('View restrictions');
    act(() => vi.advanceTimersByTime(hintVisibleMs - 10));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('hides it 100 ms after the pointer leaves', () => {
    const { button } = renderButton();
    fireEvent.mouseEnter(button);
    fireEvent.mouseLeave(button);
    act(() => vi.advanceTimersByTime(hintCloseDelayMs - 10));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows it for keyboard focus too, and clicks through', () => {
    const { button, onClick } = renderButton();
    fireEvent.focus(button);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    fireEvent.blur(button);
    act(() => vi.advanceTimersByTime(hintCloseDelayMs + 10));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
