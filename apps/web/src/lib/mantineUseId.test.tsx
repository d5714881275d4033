import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mantineUseId } from '../../vite.config';
import { useId } from './mantineUseId';

function Labelled({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  const [renders, setRenders] = useState(0);
  return (
    <button type="button" data-testid={staticId ?? 'generated'} id={id} onClick={() => setRenders(renders + 1)}>
      {renders}
    </button>
  );
}

describe("Mantine's useId as the build gives it", () => {
  it('keeps one id from the first render on, distinct per component, and a given id as it is', () => {
    render(
      <>
        <Labelled />
        <Labelled staticId="amount" />
        <Labelled staticId={undefined} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('generated');
    const firstId = first?.id;
    expect(firstId).toMatch(/^mantine-\S+$/);
    expect(second?.id).not.toBe(firstId);
    fireEvent.click(first as HTMLElement);
    expect(screen.getAllByTestId('generated')[0]).toHaveTextContent('1');
    expect(screen.getAllByTestId('generated')[0]?.id).toBe(firstId);
    expect(screen.getByTestId('amount').id).toBe('amount');
  });

  it('replaces only the module @mantine/hooks imports for its useId', () => {
    const plugin = mantineUseId();
    (plugin.configResolved as (config: { root: string }) => void)({ root: '/repo/apps/web' });
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    const hooks = '/repo/node_modules/@mantine/hooks/esm/index.mjs';
    expect(resolve('./use-id/use-id.mjs', hooks)).toBe('/repo/apps/web/src/lib/mantineUseId.ts');
    expect(resolve('./use-id/use-id.mjs', '/repo/node_modules/other/esm/index.mjs')).toBeNull();
    expect(resolve('./use-idle/use-idle.mjs', hooks)).toBeNull();
  });
});
