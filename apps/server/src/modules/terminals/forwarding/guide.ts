import type { ForwardingApp, Language, TerminalForwarding } from '@paydesk/contract';
import { translate } from '../../../i18n/messages';

/**
 * What the trader pastes into each app (DESIGN §19). SmsForwarder fills `[tags]` (utils/sender/WebhookUtils.kt: the
 * text JSON-escaped, `[timestamp]` in milliseconds, `[sign]` as it computed it); SMS Gateway webhook fills `%tags%`
 * (ForwardingConfig.prepareMessage). SMSGate has no template: its webhooks are registered with a request to the app's
 * own local server (its README, "Setting Up Webhooks").
 */
export const smsForwarderTemplate =
  '{"from":"[from]","title":"[title]","text":"[org_content]","received_at":"[receive_time:yyyy-MM-dd\'T\'HH:mm:ssXXX]","timestamp":[timestamp],"sign":"[sign]"}';
export const smsGatewayWebhookTemplate =
  '{"from":"%from%","text":"%text%","sentStamp":%sentStamp%,"receivedStamp":%receivedStamp%,"sim":"%sim%"}';
export const smsGateRegistration = (url: string) =>
  `curl -X POST -u LOGIN:PASSWORD -H "Content-Type: application/json" -d '{"url":"${url}","event":"sms:received"}' http://PHONE_ADDRESS:8080/webhooks`;

/** Each app's own settings, step by step, named as the app names them. */
const steps: Record<Language, Record<ForwardingApp, string[]>> = {
  en: {
    smsgate: [
      'Install SMSGate (SMS Gateway for Android by capcom6), version 1.33.0 or later (the first that signs its messages), and allow it to receive SMS.',
      'Open Settings → Webhooks → Signing key and paste the signing key.',
      'On the Home tab switch on Local Server and tap Offline to start it; note its login, password and local address.',
      'From a computer in the same Wi-Fi network run the request below, with that login, password and address: it registers the link for the sms:received event.',
      'The link must be HTTPS: the app refuses plain http addresses.',
      'Send a test SMS to the phone: the last message received below changes.',
    ],
    smsforwarder: [
      'In SmsForwarder open Senders → Add sender → Webhook.',
      'Method: POST. Webhook Server: paste the link.',
      'Secret: paste the signing key.',
      'Params: paste the template below exactly as it is.',
      'Save, then in Rules add a rule for SMS (and one for the notifications of your bank apps) that sends to this webhook.',
      'Press Test or send a test SMS: the last message received below changes.',
    ],
    'sms-gateway-webhook': [
      'Install SMS Gateway webhook (Incoming SMS to URL forwarder by bogkonstantin).',
      'Tap Add. Sender: * (any sender). Webhook URL: paste the link.',
      'Json Payload Template: replace it with the template below.',
      'Its releases cannot sign: their messages wait for your confirmation on Active orders. A build with the "Sign with HMAC-SHA-256" option settles by itself: tick it and paste the signing key as its secret.',
      'Leave "Ignore SSL/TLS certificate errors" off, then Add.',
      'Press Test or send a test SMS: the last message received below changes.',
    ],
  },
  ru: {
    smsgate: [
      'Установите SMSGate (SMS Gateway for Android от capcom6) версии 1.33.0 или новее (первая, что подписывает сообщения) и разрешите ему получать SMS.',
      'Откройте Settings → Webhooks → Signing key и вставьте ключ подписи.',
      'На вкладке Home включите Local Server и нажмите Offline, чтобы запустить его; запишите логин, пароль и локальный адрес.',
      'С компьютера в той же сети Wi-Fi выполните запрос ниже с этими логином, паролем и адресом: он подключит ссылку к событию sms:received.',
      'Ссылка должна быть HTTPS: адреса http приложение не принимает.',
      'Отправьте на телефон тестовое SMS: «последнее сообщение» ниже обновится.',
    ],
    smsforwarder: [
      'В SmsForwarder откройте Senders (каналы отправки) → Add sender → Webhook.',
      'Method: POST. Webhook Server: вставьте ссылку.',
      'Secret: вставьте ключ подписи.',
      'Params: вставьте шаблон ниже без изменений.',
      'Сохраните, затем в Rules (правила) добавьте правило для SMS (и для уведомлений банковских приложений) с отправкой в этот webhook.',
      'Нажмите Test или отправьте тестовое SMS: «последнее сообщение» ниже обновится.',
    ],
    'sms-gateway-webhook': [
      'Установите SMS Gateway webhook (Incoming SMS to URL forwarder от bogkonstantin).',
      'Нажмите Add. Sender: * (любой отправитель). Webhook URL: вставьте ссылку.',
      'Json Payload Template: замените его шаблоном ниже.',
      'Его релизы не умеют подписывать: их сообщения ждут вашего подтверждения в «Активных заказах». Сборка с опцией «Sign with HMAC-SHA-256» оплачивает заказы сама: отметьте её и вставьте ключ подписи как секрет.',
      'Оставьте выключенным «Ignore SSL/TLS certificate errors» и нажмите Add.',
      'Нажмите Test или отправьте тестовое SMS: «последнее сообщение» ниже обновится.',
    ],
  },
};

/** The apps of a link, in the order the screen offers them, with the steps in the request's language. */
export function appsGuide(url: string, language: Language): TerminalForwarding['apps'] {
  const title = (app: ForwardingApp) => translate(language, `forwarding.app.${app}`);
  return [
    {
      app: 'smsgate',
      title: title('smsgate'),
      how: steps[language].smsgate,
      template: smsGateRegistration(url),
      weak_authentication: false,
    },
    {
      app: 'smsforwarder',
      title: title('smsforwarder'),
      how: steps[language].smsforwarder,
      template: smsForwarderTemplate,
      weak_authentication: true,
    },
    {
      app: 'sms-gateway-webhook',
      title: title('sms-gateway-webhook'),
      how: steps[language]['sms-gateway-webhook'],
      template: smsGatewayWebhookTemplate,
      // As released (no signing); a signed build's messages are authenticated all the same (forwarding/apps.ts).
      weak_authentication: true,
    },
  ];
}
