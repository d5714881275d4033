import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportCsvButton, exportCsvHref } from './ExportCsvButton';
import { renderWithProviders } from './test-utils';

describe('exportCsvHref', () => {
  it('keeps the filters and the sort of the list and leaves its page and page size out', () => {
    const href = exportCsvHref('/order', {
      page: '3',
      count: '50',
      sort: '-created_at',
      'filter[tab]': 'completed',
      'filter[client_order_id]': 'shop 1&2',
    });
    expect(href).toBe(
      '/api/inner/order/export.csv?sort=-created_at&filter%5Btab%5D=completed&filter%5Bclient_order_id%5D=shop+1%262',
    );
    const query = new URL(href, 'http://localhost').searchParams;
    expect(query.get('filter[client_order_id]')).toBe('shop 1&2');
    expect(query.has('page')).toBe(false);
    expect(query.has('count')).toBe(false);
  });

  it('puts export.csv under a list path with a trailing slash, and asks nothing when the list has no filters', () => {
    expect(exportCsvHref('/dispute/', { page: '1' })).toBe('/api/inner/dispute/export.csv');
  });
});

describe('ExportCsvButton', () => {
  it('is a download link named in both languages', () => {
    renderWithProviders(<ExportCsvButton listPath="/wallet" query={{ page: '2', 'filter[username]': 'bob' }} />);
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/inner/wallet/export.csv?filter%5Busername%5D=bob');
    expect(link).toHaveAttribute('download');
  });

  it('speaks Russian', () => {
    renderWithProviders(<ExportCsvButton listPath="/wallet" query={{}} />, { language: 'ru' });
    expect(screen.getByRole('link', { name: 'Экспорт в CSV' })).toBeInTheDocument();
  });
});
