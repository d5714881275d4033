/**
 * A file's content as a data URL (`data:application/pdf;base64,…`), the form files travel in on this API (SPEC §3:
 * dispute files, the anti-fraud receipts check). Rejects when the browser cannot read the file.
 */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('file read as binary'));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}
