/**
 * The records store in Cloudflare R2, through the records Worker (deploy/records/worker.ts): the
 * Worker alone holds the bucket, and offers three things and nothing else, to whoever sends one of
 * its two credentials: create an object that is not there (the pipeline's credential only), read
 * one, list keys. It refuses to replace an object with R2's own conditional write, so this client
 * cannot replace one whatever it sends. docs/deploying.md sets up the bucket, its retention lock and
 * the Worker.
 */
import { createHash } from 'node:crypto';
import { ObjectExists, type RecordStore, StoreFailure, checkKey } from './store';

/** The header the Worker reads an object's SHA-256 from, which R2 checks the bytes against. */
export const SHA256_HEADER = 'x-records-sha256';

/** How long one request to the Worker may take before the command says the store is out of reach. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The store behind the records Worker at an address.
 * @param token The Worker's credential: the pipeline's, which may create objects, or a reader's.
 */
export function workerStore(address: URL, token: string): RecordStore {
  const where = `the records store at ${address.origin}`;
  const objectUrl = (key: string) =>
    new URL(
      `objects/${key.split('/').map(encodeURIComponent).join('/')}`,
      `${address.href.replace(/\/?$/, '/')}`,
    );

  /** A request to the Worker, or a failure in words where it cannot be made. */
  const request = async (url: URL, init: RequestInit = {}) => {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}` },
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new StoreFailure(`${where} cannot be reached (${cause ?? (error as Error).message})`);
    }
  };

  /** A refusal the Worker answered, in words. */
  const refused = async (response: Response, doing: string): Promise<never> => {
    const said = (await response.text()).slice(0, 300).trim();
    const why =
      response.status === 401 || response.status === 403
        ? 'the credential in RECORDS_TOKEN_FILE is not one it takes for that'
        : `it answered ${response.status}`;
    throw new StoreFailure(`${where} refused to ${doing}: ${why}${said ? ` (${said})` : ''}`);
  };

  return {
    where,
    async create(key, body, contentType) {
      checkKey(key);
      const response = await request(objectUrl(key), {
        method: 'PUT',
        body: Buffer.from(body),
        headers: {
          'content-type': contentType,
          'if-none-match': '*',
          [SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
        },
      });
      if (response.status === 412) throw new ObjectExists(key, where);
      if (response.status !== 201) await refused(response, `write ${key}`);
    },
    async read(key) {
      checkKey(key);
      const response = await request(objectUrl(key));
      if (response.status === 404) return undefined;
      if (response.status !== 200) return refused(response, `read ${key}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async list(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const url = new URL('objects', `${address.href.replace(/\/?$/, '/')}`);
        url.searchParams.set('prefix', prefix);
        if (cursor) url.searchParams.set('cursor', cursor);
        const response = await request(url);
        if (response.status !== 200) await refused(response, `list ${prefix}`);
        const page = (await response.json()) as { keys: string[]; cursor?: string };
        keys.push(...page.keys);
        cursor = page.cursor;
      } while (cursor);
      return keys;
    },
  };
}
