import { deflateSync } from 'node:zlib';
import { formatAmount } from '@paydesk/contract';

/**
 * A bank's PDF receipt of a transfer, as a payer sends it with an appeal: one page of text in Helvetica (so Latin
 * text only), made at seed time for the demo's appeal and stored as its evidence the way an uploaded one is.
 */
export function receiptPdf(lines: string[]): Buffer {
  const escaped = lines.map((line) => line.replace(/[\\()]/g, (character) => `\\${character}`));
  const content = [
    'BT /F2 16 Tf 56 760 Td',
    `(${escaped[0] ?? ''}) Tj`,
    '/F1 11 Tf 0 -28 Td',
    ...escaped.slice(1).map((line) => `(${line}) Tj 0 -18 Td`),
    'ET',
    // A rule under the title, as receipts have.
    '0.6 w 56 748 m 540 748 l S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The receipt a payer's bank gives for a transfer to the order's card (Latin text: the PDF's font has no Cyrillic). */
export function demoReceipt(
  order: { id: string; fiatAmountMinor: bigint; details: Record<string, string> },
  paidAt: Date,
) {
  const [date, time] = [
    paidAt.toISOString().slice(0, 10).split('-').reverse().join('.'),
    paidAt.toISOString().slice(11, 16),
  ];
  const roubles = formatAmount(order.fiatAmountMinor, 2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const card = order.details.card_number ?? order.details.phone ?? '';
  return receiptPdf([
    'Payment receipt',
    'Operation: transfer to a card',
    `Date: ${date} ${time} (UTC)`,
    `Amount: ${roubles} RUB`,
    'Fee: 0,00 RUB',
    `Recipient: ${order.details.holder ?? ''}`,
    `Recipient's card: **** ${card.slice(-4)}`,
    'Sender: card **** 4417',
    `Document: ${order.id.replace(/-/g, '').slice(-12).toUpperCase()}`,
    'Status: completed',
  ]);
}

/** One PNG chunk: its length, type, data and CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A phone's screenshot of a bank's "transfer done" screen, as a payer attaches one on its page: a small PNG, a green
 * header over grey lines of text whose lengths `seed` varies, so two payers' screenshots differ.
 */
export function receiptPng(seed: number): Buffer {
  const [width, height] = [180, 120];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // no filter
    const length = 60 + ((Math.floor(y / 18) * 37 + seed) % 90);
    for (let x = 0; x < width; x += 1) {
      const header = y < 28;
      const line = !header && y % 18 > 10 && y % 18 < 15 && x > 14 && x < length;
      row.set(header ? [0x2f, 0x9e, 0x44] : line ? [0xb0, 0xb0, 0xb0] : [0xff, 0xff, 0xff], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
