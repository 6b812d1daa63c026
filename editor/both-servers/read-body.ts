/**
 * How both servers of the editor, npm run edit's (local/server.ts) and the editing service
 * (service/server.ts), read a request's body: never more than a limit, so that a body announced or
 * sent larger is turned away (413) before it fills the server's memory.
 */
import type { IncomingMessage } from 'node:http';

/** The largest request body the editor reads: a field's value is far smaller. */
export const BODY_LIMIT = 64 * 1024;

/**
 * A request's body: its JSON value, or the status that turns it away (413 too large, 400 not JSON).
 */
type Body = { value: unknown } | { status: 400 | 413 };

/**
 * Reads a request's body, up to `limit` bytes: a body announced or sent larger is turned away
 * (413) without reading the rest.
 */
export function readBytes(
  request: IncomingMessage,
  limit: number,
): Promise<{ bytes: Buffer } | { status: 413 }> {
  if (Number(request.headers['content-length'] ?? 0) > limit)
    return Promise.resolve({ status: 413 });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= limit) return;
      request.off('data', onData).pause();
      resolve({ status: 413 });
    };
    request.on('data', onData);
    request.on('error', reject);
    request.on('end', () => {
      if (size <= limit) resolve({ bytes: Buffer.concat(chunks) });
    });
  });
}

/** Reads a request's body as JSON, up to BODY_LIMIT bytes (readBytes). */
export async function readBody(request: IncomingMessage): Promise<Body> {
  const read = await readBytes(request, BODY_LIMIT);
  if ('status' in read) return read;
  try {
    return { value: JSON.parse(read.bytes.toString('utf8')) as unknown };
  } catch {
    return { status: 400 };
  }
}
