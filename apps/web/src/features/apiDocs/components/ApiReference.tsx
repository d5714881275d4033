import '@scalar/api-reference-react/style.css';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the server serves the merchant and executor API's OpenAPI document (DESIGN §9). */
export const openapiDocumentUrl = '/api/v1/openapi.json';

/**
 * The reference of the merchant and executor API, drawn by Scalar from the server's own document. It is its own chunk,
 * loaded only by the /api screen. Everything it needs comes from this origin: no web fonts (the app's own stack is
 * used), no telemetry, no AI agent (Scalar's hosted service), no request proxy; the "try it" client is hidden because a request needs an HMAC signature made
 * with the secret, which the browser never holds. It follows the app's colour scheme (given by the page, so that this chunk
 * shares no module with the app's own) and language.
 */
export function ApiReference({ colorScheme }: { colorScheme: 'light' | 'dark' }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const configuration = useMemo(
    () => ({
      url: openapiDocumentUrl,
      forceDarkModeState: colorScheme,
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: 'never' as const,
      showToolbar: 'never' as const,
      documentDownloadType: 'json' as const,
      mcp: { disabled: true },
      agent: { disabled: true },
      localization: { locale: language },
    }),
    [colorScheme, language],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
