/**
 * The records Worker: the one way into the bank's records bucket (Cloudflare R2, with a retention
 * lock: docs/deploying.md, "Records for a regulator"). It offers three requests and nothing else:
 *   PUT /objects/<key>            creates an object that is not there, with the writer's credential;
 *                                 an object that is there is never replaced (412)
 *   GET /objects/<key>            reads one
 *   GET /objects?prefix=&cursor=  lists keys, a page at a time
 * to a request bearing one of its credentials (Worker secrets): WRITER_TOKEN, the deploy
 * pipeline's and the origins', which may create and read; PICTURES_TOKEN, the pull requests'
 * pictures workflow's, which may create a pull request's list of pictures (pull-requests/…) and a
 * file named by its own SHA-256 (files/<sha256>), nothing a record or an event is kept under, and
 * read; and READER_TOKEN, the compliance log's, which may only read. Nothing here deletes an object
 * or changes the bucket's rules, so no credential can; the bucket's lock keeps the Worker's own binding from deleting before its time.
 *
 * The refusal to replace is R2's own conditional write (`onlyIf` with `If-None-Match: *`), made in
 * one step by the bucket, so two writers racing for one key cannot both succeed. The bytes are
 * checked by R2 against the SHA-256 the writer sends. records/worker-store.ts is its client.
 */
import { isKey } from '../../records/keys';

/** The bucket's methods the Worker uses, as Cloudflare's runtime gives them. */
type Bucket = {
  put(
    key: string,
    value: ArrayBuffer,
    options: { onlyIf: Headers; sha256: string; httpMetadata: { contentType: string } },
  ): Promise<object | null>;
  get(
    key: string,
  ): Promise<{ body: ReadableStream; httpMetadata?: { contentType?: string } } | null>;
  list(options: {
    prefix: string;
    cursor?: string;
    limit: number;
  }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
};

type Env = {
  RECORDS: Bucket;
  WRITER_TOKEN?: string;
  PICTURES_TOKEN?: string;
  READER_TOKEN?: string;
};

/** The header the writer names an object's SHA-256 in (records/worker-store.ts). */
const SHA256_HEADER = 'x-records-sha256';

const answer = (status: number, words: string) =>
  new Response(words, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** SHA-256 of a text, so that two credentials are compared in a time that tells nothing of them. */
async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Whether a credential given is the one expected: every byte of their digests is compared. */
async function sameCredential(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return a.reduce((differ, byte, i) => differ | (byte ^ b[i]!), 0) === 0;
}

/** Who a request is: the writer, a reader, or nobody the Worker knows. */
async function roleOf(
  request: Request,
  env: Env,
): Promise<'writer' | 'pictures' | 'reader' | undefined> {
  const given = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!given) return undefined;
  if (env.WRITER_TOKEN && (await sameCredential(given, env.WRITER_TOKEN))) return 'writer';
  if (env.PICTURES_TOKEN && (await sameCredential(given, env.PICTURES_TOKEN))) return 'pictures';
  if (env.READER_TOKEN && (await sameCredential(given, env.READER_TOKEN))) return 'reader';
  return undefined;
}

const worker = {
  async fetch(request: Request, env: Env): Promise<Response> {
    // With no writer's credential set, the Worker is not set up: it answers nobody.
    if (!env.WRITER_TOKEN) return answer(503, 'the records Worker has no WRITER_TOKEN set');
    const role = await roleOf(request, env);
    if (!role) return answer(401, 'send the records Worker’s credential');
    const url = new URL(request.url);

    if (url.pathname === '/objects' && request.method === 'GET') {
      const listed = await env.RECORDS.list({
        prefix: url.searchParams.get('prefix') ?? '',
        limit: 1000,
        ...(url.searchParams.get('cursor') ? { cursor: url.searchParams.get('cursor')! } : {}),
      });
      return Response.json({
        keys: listed.objects.map((object) => object.key),
        ...(listed.truncated && listed.cursor ? { cursor: listed.cursor } : {}),
      });
    }

    if (!url.pathname.startsWith('/objects/')) return answer(404, 'no such request');
    let key: string;
    try {
      key = decodeURIComponent(url.pathname.slice('/objects/'.length));
    } catch {
      return answer(400, 'not a key');
    }
    if (!isKey(key)) return answer(400, 'not a key');

    if (request.method === 'GET') {
      const object = await env.RECORDS.get(key);
      if (!object) return answer(404, 'no such object');
      return new Response(object.body, {
        headers: {
          'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
        },
      });
    }
    if (request.method === 'PUT') {
      if (role === 'reader') return answer(403, 'this credential may only read');
      const sha256 = request.headers.get(SHA256_HEADER) ?? '';
      if (!/^[0-9a-f]{64}$/.test(sha256))
        return answer(400, `send the bytes' SHA-256 in ${SHA256_HEADER}`);
      // The pictures' credential, which a workflow of pull requests holds, cannot write a record
      // or an event before the deploy does, nor a file under another file's name.
      if (role === 'pictures' && !key.startsWith('pull-requests/') && key !== `files/${sha256}`)
        return answer(
          403,
          'this credential may write only pull requests’ pictures, and files under their own SHA-256',
        );
      const put = env.RECORDS.put(key, await request.arrayBuffer(), {
        onlyIf: new Headers({ 'if-none-match': '*' }),
        sha256,
        httpMetadata: {
          contentType: request.headers.get('content-type') ?? 'application/octet-stream',
        },
      });
      // R2 throws where the bytes do not have the SHA-256 sent with them, and keeps nothing.
      const created = await put.catch((error: unknown) =>
        /checksum|sha-?256/i.test(String(error)) ? 'mismatch' : Promise.reject(error),
      );
      if (created === 'mismatch')
        return answer(422, `the bytes do not have the SHA-256 sent in ${SHA256_HEADER}`);
      // R2 answers null when the condition fails: an object is there under the key.
      if (created === null)
        return answer(412, 'an object is there under this key, and is never replaced');
      return answer(201, 'created');
    }
    return answer(405, 'the records Worker creates, reads and lists objects, nothing else');
  },
};

export default worker;
