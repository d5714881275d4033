import { describe, expect, it } from 'vitest';
import { readDataUrl } from './readDataUrl';

describe('readDataUrl', () => {
  it('reads a file as a base64 data URL of its type', async () => {
    const file = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    expect(await readDataUrl(file)).toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
  });
});
