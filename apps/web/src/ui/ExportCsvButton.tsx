import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiBase } from '../lib/http';

/**
 * Where a list's CSV export lives (DESIGN §13): `<list path>/export.csv` with the list's filters and sort, without its
 * page and page size, since the file holds the whole filtered list.
 */
export function exportCsvHref(listPath: string, query: Record<string, string>): string {
  const search = new URLSearchParams(
    Object.entries(query).filter(([key, value]) => key !== 'page' && key !== 'count' && value !== ''),
  ).toString();
  return `${apiBase}${listPath.replace(/\/$/, '')}/export.csv${search ? `?${search}` : ''}`;
}

export interface ExportCsvButtonProps {
  /** The list's path as its fetcher calls it (`/order`, `/dispute/`). */
  listPath: string;
  /** The list's query as its fetcher sends it. */
  query: Record<string, string>;
}

/**
 * A plain link to the export of the list as it is filtered now: the browser downloads the file as the server streams
 * it, with the session cookie, and a GET needs no CSRF token. Render it only for whoever may read the list.
 */
export function ExportCsvButton({ listPath, query }: ExportCsvButtonProps) {
  const { t } = useTranslation('ui');
  return (
    <Button
      component="a"
      href={exportCsvHref(listPath, query)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      {t('export.csv')}
    </Button>
  );
}
