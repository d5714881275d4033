import '@scalar/api-reference-react/style.css';
import './apiReference.css';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where the server serves the merchant and executor API's OpenAPI document (DESIGN §9), in the interface's language:
 * `?lang=ru` is the same document with its titles, groups, descriptions and refusals in Russian (issue 32).
 */
export const openapiDocumentUrl = '/api/v1/openapi.json';
export const openapiDocumentUrlIn = (language: 'en' | 'ru') =>
  language === 'ru' ? `${openapiDocumentUrl}?lang=ru` : openapiDocumentUrl;

/**
 * The reference of the merchant and executor API, drawn by Scalar from the server's own document. It is its own chunk,
 * loaded only by the /api screen. Everything it needs comes from this origin: no web fonts (the app's own stack is
 * used), no telemetry, no AI agent (Scalar's hosted service), no request proxy; the "try it" client is hidden because a request needs an HMAC signature made
 * with the secret, which the browser never holds. It follows the app's colour scheme (given by the page, so that this chunk
 * shares no module with the app's own) and language.
 */
export function ApiReference({ colorScheme }: { colorScheme: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation('apiDocs');
  const box = useRef<HTMLDivElement>(null);
  useNamedCopyButtons(box, t('copyCode'));
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const configuration = useMemo(
    () => ({
      url: openapiDocumentUrlIn(language),
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
  return (
    <div ref={box}>
      <ApiReferenceReact key={language} configuration={configuration} />
    </div>
  );
}

/** The renderer's copy buttons of its code blocks, an icon without a name for a screen reader. */
const codeCopyButtons = 'button.scalar-code-copy';

/**
 * Names the renderer's icon-only copy buttons (WCAG 4.1.2), which it draws and redraws as the reader moves through the
 * reference: each one found now or later gets the label.
 */
function useNamedCopyButtons(box: { current: HTMLElement | null }, label: string) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const name = () => {
      for (const button of root.querySelectorAll(codeCopyButtons)) {
        if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [box, label]);
}
