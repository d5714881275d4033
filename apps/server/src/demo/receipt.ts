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
