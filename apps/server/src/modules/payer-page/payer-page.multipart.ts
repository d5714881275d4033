/** One part of a multipart/form-data body: a field's text, or a file's bytes. */
export interface FormData {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const maxParts = 12;

/**
 * Reads a multipart/form-data body (RFC 7578) as a browser's form sends it: the page's forms have a few fields and at
 * most one file, so the body is read whole (its size bounded by the route) rather than streamed. Null when it is not
 * one.
 */
export function parseMultipart(body: Buffer, contentType: string): FormData | null {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return null;
  const delimiter = Buffer.from(`--${mark}`);
  const between = Buffer.from(`\r\n--${mark}`);
  const form: FormData = { fields: {}, files: {} };
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  at += delimiter.length;
  for (let part = 0; part < maxParts; part++) {
    if (body.subarray(at, at + 2).toString() === '--') return form;
    if (body.subarray(at, at + 2).toString() !== '\r\n') return null;
    const headersEnd = body.indexOf('\r\n\r\n', at + 2);
    if (headersEnd < 0) return null;
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const end = body.indexOf(between, headersEnd + 4);
    if (end < 0) return null;
    const content = body.subarray(headersEnd + 4, end);
    const disposition = /^content-disposition:\s*form-data;(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      if (/\bfilename="/i.test(disposition)) {
        if (content.length > 0) form.files[name] = Buffer.from(content);
      } else {
        form.fields[name] = content.toString('utf8');
      }
    }
    at = end + between.length;
  }
  return null;
}
