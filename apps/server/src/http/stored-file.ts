import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { readErrors, replies } from './replies';

/** A stored evidence file as it is served: its bytes, the name to save it under and its type read from its content. */
export interface StoredFile {
  bytes: Buffer;
  name: string;
  contentType: string;
}

/** An ASCII stand-in for a file's name in Content-Disposition, beside its UTF-8 form. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/** The schema parts of a route that serves an evidence file: the file as it was uploaded, never JSON. */
export const storedFileSchema = {
  // Its refusals are the JSON envelope.
  produces: ['image/png', 'image/jpeg', 'application/pdf'],
  response: replies(
    { 200: z.any().meta({ description: 'The file: a PNG, a JPEG or a PDF.', type: 'string', format: 'binary' }) },
    readErrors,
  ),
};

/**
 * Serves an evidence file (DESIGN §12): with its type, `nosniff`, never cached, and a Content-Disposition that shows a
 * picture in the page but only downloads a PDF (which a viewer may run scripts and forms of).
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile) {
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${disposition}; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.bytes);
}
