/**
 * The records store the environment names. RECORDS_STORE is a folder's absolute path, or the
 * records Worker's https address, with the file holding its credential in RECORDS_TOKEN_FILE
 * (docs/deploying.md, "Records for a regulator").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { folderStore } from './folder-store';
import { type RecordStore, StoreFailure } from './store';
import { workerStore } from './worker-store';

/**
 * The store the environment names, or why there is none, in words.
 * @param environment RECORDS_STORE, and RECORDS_TOKEN_FILE for the Worker's credential.
 */
export function storeFromEnvironment(
  environment: Record<string, string | undefined> = process.env,
): RecordStore {
  const named = environment.RECORDS_STORE;
  if (!named)
    throw new StoreFailure(
      'RECORDS_STORE is not set: name the records store, a folder or the records Worker’s https address (docs/deploying.md, "Records for a regulator")',
    );
  if (named.startsWith('https://') || named.startsWith('http://127.0.0.1:')) {
    const tokenFile = environment.RECORDS_TOKEN_FILE;
    if (!tokenFile)
      throw new StoreFailure(
        `RECORDS_TOKEN_FILE is not set: name the file holding the credential of the records Worker at ${named}`,
      );
    let token: string;
    try {
      token = readFileSync(tokenFile, 'utf8').trim();
    } catch {
      throw new StoreFailure(`${tokenFile} (RECORDS_TOKEN_FILE) cannot be read`);
    }
    return workerStore(new URL(named), token);
  }
  if (path.isAbsolute(named)) return folderStore(named);
  throw new StoreFailure(
    `RECORDS_STORE is "${named}": name a folder by its absolute path, or the records Worker by its https address`,
  );
}
