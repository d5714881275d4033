import { webhookSkipReasons } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { prepareI18n } from '../app/testing';
import { i18n } from './i18n';
import { webhookErrorText } from './webhookErrorText';

describe('webhook attempt errors', () => {
  it("says the delivery's own reasons in Russian and leaves a transport's error as it came", async () => {
    await prepareI18n('ru');
    const t = i18n.getFixedT('ru', 'orders');
    const prefix = 'details.webhookError';
    expect(webhookErrorText(webhookSkipReasons.noNotificationKey, t, prefix)).toBe('Нет ключа уведомлений для подписи');
    expect(webhookErrorText(webhookSkipReasons.noNotificationUrl, t, prefix)).toBe('Не задан URL уведомлений');
    expect(webhookErrorText(`${webhookSkipReasons.destinationRefused}private`, t, prefix)).toBe(
      'Адрес назначения отклонён: он во внутренней сети',
    );
    expect(webhookErrorText('fetch failed', t, prefix)).toBe('fetch failed');
  });
});
