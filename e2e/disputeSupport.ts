import { crc32, deflateSync } from 'node:zlib';
import type { PaydeskClient } from '@paydesk/api-client';
import { expect } from '@playwright/test';

/**
 * Evidence for the dispute journeys (DESIGN §12): a real PNG, made here rather than kept as a binary in the repository,
 * and the merchant API's dispute call for the journeys that need a dispute already open.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small receipt as a payer's banking app would screenshot it: a white slip with a green header band and grey lines
 * of "text" (240 × 160, 8-bit RGB), so a preview shows something a person recognises as an image.
 */
export function receiptPng(): Buffer {
  const width = 240;
  const height = 160;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const header = y < 36;
      const line = !header && y % 22 > 14 && y % 22 < 20 && x > 20 && x < 220 - ((Math.floor(y / 22) * 37) % 90);
      const [r, g, b] = header ? [0x2f, 0x9e, 0x44] : line ? [0xb0, 0xb0, 0xb0] : [0xff, 0xff, 0xff];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The merchant opens a dispute on its order through the signed API, with the PNG receipt. */
export async function openDisputeByApi(api: PaydeskClient, guid: string, amount: string): Promise<string> {
  const { response, data, error } = await api.POST('/api/v1/orders/{guid}/dispute', {
    params: { path: { guid }, header: { 'Idempotency-Key': `dispute-${guid}` } },
    body: {
      reason: 'wrong_amount',
      paid_amount: amount,
      files: [{ name: 'receipt.png', data: `data:image/png;base64,${receiptPng().toString('base64')}` }],
    },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return (data as { data: { uuid: string } }).data.uuid;
}
