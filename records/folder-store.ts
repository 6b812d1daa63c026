/**
 * The records store in a folder: each object a file under its key, written once. A write goes to a
 * temporary file beside the object, is flushed to the disk, and is then linked under the object's
 * name: link(2), like open(2) with O_EXCL, fails when the name is taken, so the folder refuses to
 * replace an object as one step of the file system, and an object appears only whole (a write cut
 * short leaves only its temporary file, which no key names). Each object is made read-only.
 *
 * A folder is kept as long as its disk is: for a single machine and the tests. The bank's records
 * go to a store with a retention lock (the records Worker, docs/deploying.md).
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { checkKey, ObjectExists, type RecordStore, StoreFailure } from './store';

/** The error code Node gives a failed call of the system. */
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Flushes a file or folder to the disk. */
function flush(file: string, flags: string) {
  const descriptor = openSync(file, flags);
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Every file under a folder, as paths relative to it joined by slashes. */
function filesUnder(folder: string, relative = ''): string[] {
  if (!existsSync(path.join(folder, relative))) return [];
  return readdirSync(path.join(folder, relative), { withFileTypes: true }).flatMap((entry) => {
    // A temporary file of a write under way, or cut short: no key begins with a dot.
    if (entry.name.startsWith('.')) return [];
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(folder, name) : [name];
  });
}

/** The store in a folder, which is made where it is not there yet. */
export function folderStore(folder: string): RecordStore {
  const where = `the folder ${folder}`;
  const fail = (doing: string, error: unknown): never => {
    throw new StoreFailure(`${where} cannot be ${doing}: ${codeOf(error) ?? String(error)}`);
  };
  return {
    where,
    async create(key, body) {
      checkKey(key);
      const file = path.join(folder, ...key.split('/'));
      const temporary = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}`,
      );
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        const descriptor = openSync(temporary, 'wx', 0o444);
        try {
          writeSync(descriptor, body);
          fsyncSync(descriptor);
        } finally {
          closeSync(descriptor);
        }
      } catch (error) {
        fail('written', error);
      }
      try {
        linkSync(temporary, file);
      } catch (error) {
        if (codeOf(error) === 'EEXIST') throw new ObjectExists(key, where);
        fail('written', error);
      } finally {
        try {
          unlinkSync(temporary);
        } catch {
          // Gone already: nothing to tidy.
        }
      }
      // The new name reaches the disk with its folder.
      flush(path.dirname(file), 'r');
    },
    async read(key) {
      checkKey(key);
      try {
        return readFileSync(path.join(folder, ...key.split('/')));
      } catch (error) {
        if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
        return fail('read', error);
      }
    },
    async list(prefix) {
      try {
        // From the deepest folder the prefix names whole: records/ rather than the whole store.
        const under = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
        return filesUnder(folder, under).filter((key) => key.startsWith(prefix));
      } catch (error) {
        return fail('read', error);
      }
    },
  };
}
