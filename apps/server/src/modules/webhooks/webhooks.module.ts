export { webhookDelivery } from './delivery';
export type { WebhookOptions } from './outbox';
export { enqueueWebhook, webhookJob, writeWebhooks } from './outbox';
