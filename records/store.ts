/**
 * Where the records a regulator asks for are kept: a store of objects, each written once and never
 * replaced. One interface, two stores: a folder (folder-store.ts), for a single machine and the
 * tests, and the records Worker in front of a Cloudflare R2 bucket with a retention lock
 * (worker-store.ts, deploy/records/), for production. Each refuses a write whose object is there
 * already, whatever it holds, as one step of the store itself (a conditional write), so that no
 * code of ours, however it errs, can replace a record: a caller that meets an object it expected
 * to be free reads it back and compares (createOrConfirm). open-store.ts opens the store the
 * environment names.
 */
import { isKey } from './keys';

/** A store of objects that are written once and never replaced. */
export interface RecordStore {
  /** Where it is, in words, for the lines the commands print: "the folder /srv/records". */
  readonly where: string;
  /**
   * Writes a new object. Rejects with ObjectExists when one is there under the key already (the
   * store refuses to replace it), and with StoreFailure, in words, when the store cannot be written.
   */
  create(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** An object's bytes, or undefined where there is none. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** The keys of every object under a prefix, in no promised order. */
  list(prefix: string): Promise<string[]>;
}

/** A write refused because an object is there under the key already. */
export class ObjectExists extends Error {
  constructor(
    readonly key: string,
    where: string,
  ) {
    super(`${where} holds ${key} already, and refuses to replace it`);
  }
}

/** A store that cannot be reached, read or written, said in words for whoever runs the command. */
export class StoreFailure extends Error {}

/** Rejects a key no store may hold, naming it: a mistake of our own code, never of an editor. */
export function checkKey(key: string) {
  if (!isKey(key)) throw new StoreFailure(`"${key}" cannot name a record's object`);
}

/**
 * Writes an object that may be there already from an earlier run of the same step (a deploy run
 * again): the store refuses to replace it, and the object there is read back. The same bytes are
 * the same object, written before; other bytes are refused in words, since a record, once written,
 * is never rewritten.
 */
export async function createOrConfirm(
  store: RecordStore,
  key: string,
  body: Uint8Array,
  contentType: string,
): Promise<'created' | 'there already'> {
  try {
    await store.create(key, body, contentType);
    return 'created';
  } catch (error) {
    if (!(error instanceof ObjectExists)) throw error;
    const there = await store.read(key);
    if (there && Buffer.from(there).equals(Buffer.from(body))) return 'there already';
    throw new StoreFailure(
      `${store.where} holds ${key} already, with other bytes than this run would write, and refuses to replace it: a record once written is never rewritten`,
    );
  }
}
