import { crc32, deflateSync } from 'node:zlib';
import type { PaydeskClient } from '@paydesk/api-client';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * A one-page PDF whose text is `lines` (Helvetica, so Latin text only): the smallest file a PDF reader draws as a
 * document, and one whose text the server's receipts check reads.
 */
export function receiptPdf(lines: readonly string[] = ['Payment receipt 1500 RUB']): Buffer {
  const text = `BT /F1 14 Tf 40 170 Td ${lines.map((line) => `(${line}) Tj 0 -18 Td`).join(' ')} ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 360 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${text.length}>>stream\n${text}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj${object}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A moment as a `datetime-local` input takes it: the browser's local time, to the minute. */
export function localMinute(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface EvidenceFile {
  name: string;
  bytes: Buffer;
  type: 'image/png' | 'application/pdf';
}

export const pngEvidence = (): EvidenceFile => ({ name: 'receipt.png', bytes: receiptPng(), type: 'image/png' });
export const pdfEvidence = (): EvidenceFile => ({
  name: 'statement.pdf',
  bytes: receiptPdf(),
  type: 'application/pdf',
});

/** The merchant opens a dispute on its order through the signed API, with a receipt (the PNG unless told). */
export async function openDisputeByApi(
  api: PaydeskClient,
  guid: string,
  amount: string,
  evidence: EvidenceFile = pngEvidence(),
): Promise<string> {
  const { response, data, error } = await api.POST('/api/v1/orders/{guid}/dispute', {
    params: { path: { guid }, header: { 'Idempotency-Key': `dispute-${guid}` } },
    body: {
      reason: 'wrong_amount',
      paid_amount: amount,
      files: [{ name: evidence.name, data: `data:${evidence.type};base64,${evidence.bytes.toString('base64')}` }],
    },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return (data as { data: { uuid: string } }).data.uuid;
}

/** The row of the order `guid`'s open appeal on /active's appeals tab, opened on `page` (an admin's). */
export async function openAppealRow(page: Page, guid: string): Promise<Locator> {
  await page.goto('/active?tab=appeals');
  return page
    .getByRole('table', { name: 'Open appeals' })
    .getByRole('row')
    .filter({ hasText: `${guid.slice(0, 4)}…${guid.slice(-4)}` });
}
