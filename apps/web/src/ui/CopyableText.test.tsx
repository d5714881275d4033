import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyableText } from './CopyableText';
import { renderWithProviders } from './test-utils';

const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('CopyableText', () => {
  it('shows the whole value', () => {
    renderWithProviders(<CopyableText value={address} />);
    expect(screen.getByText(address)).toBeInTheDocument();
  });

  it('copies the whole value', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyableText value="https://paydesk.example/invite_code?code=AB12" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('https://paydesk.example/invite_code?code=AB12');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
  });
});
