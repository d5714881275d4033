import {
  deviceHeartbeatSchema,
  deviceNotificationsResultSchema,
  deviceNotificationsSchema,
  devicePairedSchema,
  devicePairSchema,
  deviceStateSchema,
  forwardedResultSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestBodyLimit } from '../../http/body-limit';
import { replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { registerOpenapi } from '../../plugins/openapi';
import { bearerToken, heartbeat, pairDevice, receiveNotifications } from './device.service';
import { receiveForwarded } from './forwarding/forwarding.service';

const tags = ['device'];
const meanings = {
  401: 'The device token is missing, unknown or revoked (device_token_invalid): pair again.',
  422: 'Invalid input (validation_failed), or a pairing code that is wrong, used or expired (pairing_code_invalid).',
  429: 'Too many wrong pairing codes from this address: Retry-After says how long to wait (throttled).',
} as const;

/**
 * The device API of DESIGN §11, `/api/device/v1/`, for the Paydesk terminal app on a trader's Android phone: no
 * cookies and no CSRF; a device pairs with the one-time code its trader's screen shows and then calls with
 * `Authorization: Bearer <token>`. Its own OpenAPI document is at `/api/device/v1/openapi.json`.
 */
export const deviceApi: FastifyPluginAsyncZod = async (app) => {
  const { answering } = typedRoutes(app);
  await registerOpenapi(app, {
    title: 'Paydesk device API',
    bodyLimit: requestBodyLimit,
    description:
      "The API of the Paydesk terminal app. Pair once with the code shown on the trader's Terminals screen " +
      '(POST /pair → token), then send a heartbeat at least every minute and the bank notifications as they come. ' +
      'Every call but /pair carries Authorization: Bearer <token>.',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token /pair answered.' } },
  });
  const deps = { db: app.db, config: app.config, reference: app.reference };
  // The caller is the device, known by its token (checked by the service, on the matched route), not by a session.
  const device = { access: 'public' as const, signed: true, csrf: false };

  answering.post(
    '/pair',
    {
      config: device,
      schema: {
        summary: 'Pair a device with a pairing code',
        tags,
        body: devicePairSchema,
        response: replies({ 200: successEnvelope(devicePairedSchema) }, [422, 429], meanings),
      },
    },
    (request) => pairDevice(deps, request.body.code, request.body.device, { ip: request.ip }),
  );

  answering.post(
    '/heartbeat',
    {
      config: device,
      schema: {
        summary: 'Report that the device is alive',
        tags,
        security: [{ bearer: [] }],
        body: deviceHeartbeatSchema,
        response: replies({ 200: successEnvelope(deviceStateSchema) }, [401, 422], meanings),
      },
    },
    (request) => heartbeat(deps, bearerToken(request.headers.authorization), request.body.device, { ip: request.ip }),
  );

  answering.post(
    '/notifications',
    {
      config: device,
      schema: {
        summary: 'Send bank messages from the device',
        tags,
        security: [{ bearer: [] }],
        body: deviceNotificationsSchema,
        response: replies({ 200: successEnvelope(deviceNotificationsResultSchema) }, [401, 422], meanings),
      },
    },
    (request) =>
      receiveNotifications(deps, bearerToken(request.headers.authorization), request.body.notifications, {
        ip: request.ip,
      }),
  );

  await app.register(forwardRoute, { deps: { ...deps, secrets: app.deps.secrets } });

  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};

const forwardMeanings = {
  401:
    'The link is unknown or revoked (forwarding_token_invalid), the request is not signed with its key or not from ' +
    'a known app (forwarding_signature_invalid), or it was signed too long ago (forwarding_timestamp_invalid).',
  422: 'A message that is too long or malformed (validation_failed).',
  429: 'Too many wrong links or signatures from this address: Retry-After says how long to wait (throttled).',
} as const;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /forward/{token} (DESIGN §19): the Android forwarding apps a trader already has post here. Each signs its own
 * way over the body exactly as sent, so this route keeps every body as text, whatever its type (JSON from SMSGate and
 * SMS Gateway webhook, JSON or a form from SmsForwarder), and reads it only once its signature holds.
 */
/** The largest message a forwarding app posts. */
const forwardBodyLimit = 64 * 1024;

const forwardRoute: FastifyPluginAsyncZod<{ deps: Parameters<typeof receiveForwarded>[0] }> = async (app, options) => {
  const { answering } = typedRoutes(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: forwardBodyLimit }, (_request, body, done) => {
    done(null, body);
  });
  answering.post(
    '/forward/:token',
    {
      bodyLimit: forwardBodyLimit,
      config: { access: 'public' as const, signed: true, csrf: false, secretParams: ['token'] },
      schema: {
        tags,
        summary: 'Bank messages from a forwarding app (SMSGate, SmsForwarder, SMS Gateway webhook)',
        description:
          "The URL a terminal's forwarding link gives. SMSGate: X-Signature = hex HMAC-SHA256(key, body + X-Timestamp). " +
          'SmsForwarder: its JSON template with sign = Base64 HMAC-SHA256(key, timestamp_ms + "\\n" + key). ' +
          'SMS Gateway webhook: its template with X-Signature = hex HMAC-SHA256(key, body).',
        params: z.object({ token: z.string().max(200) }),
        response: replies({ 200: successEnvelope(forwardedResultSchema) }, [401, 422, 429], forwardMeanings),
      },
    },
    (request) =>
      receiveForwarded(
        options.deps,
        request.params.token,
        {
          rawBody: typeof request.body === 'string' ? request.body : '',
          contentType: (header(request.headers['content-type']) ?? '').toLowerCase(),
          signature: header(request.headers['x-signature']),
          timestamp: header(request.headers['x-timestamp']),
        },
        { ip: request.ip },
      ),
  );
};
