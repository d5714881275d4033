import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelectField } from './MultiSelectField';
import { renderWithProviders } from './test-utils';

const agents = [
  { value: 'a1', label: 'alice' },
  { value: 'b2', label: 'bob' },
  { value: 'c3', label: 'carol' },
];

function Controlled({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  const change = (next: string[]) => {
    setValue(next);
    onChange(next);
  };
  return <MultiSelectField label="Agents" data={agents} value={value} onChange={change} />;
}

describe('MultiSelectField', () => {
  it('collects several picked values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Agents' }));
    await user.click(screen.getByRole('option', { name: 'alice' }));
    await user.click(screen.getByRole('option', { name: 'carol' }));
    expect(onChange).toHaveBeenLastCalledWith(['a1', 'c3']);
  });

  it('limits the dropdown list to 130 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MultiSelectField label="Agents" data={agents} />);
    await user.click(screen.getByRole('combobox', { name: 'Agents' }));
    const scroller = screen.getByRole('listbox').querySelector<HTMLElement>('[style*="max-height"]');
    // Mantine converts px to rem at a 16 px base: 130 px is 8.125rem.
    expect(scroller?.style.maxHeight).toBe('calc(8.125rem * var(--mantine-scale))');
  });

  it('lets a caller override the height', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MultiSelectField label="Agents" data={agents} maxDropdownHeight={200} />);
    await user.click(screen.getByRole('combobox', { name: 'Agents' }));
    const scroller = screen.getByRole('listbox').querySelector<HTMLElement>('[style*="max-height"]');
    expect(scroller?.style.maxHeight).toBe('calc(12.5rem * var(--mantine-scale))');
  });
});
