import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { storeFromEnvironment } from '../../records/open-store';
import { ObjectExists, type RecordStore, StoreFailure } from '../../records/store';
import { startRecordsWorker, type RunningRecordsWorker } from '../support/records-worker';

/**
 * The records store (issue 54), in both its kinds, opened as the commands open it (RECORDS_STORE):
 * a folder, and the records Worker on Cloudflare's own runtime with its R2 bucket. Each keeps what
 * it is given, and refuses a second write of an object, whether its bytes are the same or not, and
 * keeps the first; of two writes of one object at once, one is refused. The Worker refuses a
 * reader's write, and any request without its credential, in words.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (read: Uint8Array | undefined) => (read ? new TextDecoder().decode(read) : undefined);

// One after another in one worker, which starts the records Worker once (it takes seconds of
// processor time) for every test of the file: each writes keys of its own.
test.describe.configure({ mode: 'default' });

let running: Promise<RunningRecordsWorker> | undefined;
/** The file's records Worker, started by the first test that needs it. */
const recordsWorker = () => (running ??= startRecordsWorker());
test.afterAll(async () => {
  await running?.then(
    (worker) => worker.stop(),
    () => {},
  );
});

/** Each kind of store, opened from the environment, and how to end it. */
const kinds: Record<string, () => Promise<{ store: RecordStore; end(): Promise<void> }>> = {
  folder: async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-records-store-'));
    return {
      store: storeFromEnvironment({ RECORDS_STORE: folder }),
      end: async () => rmSync(folder, { recursive: true, force: true }),
    };
  },
  'records Worker (R2 on Cloudflare’s runtime)': async () => {
    const worker = await recordsWorker();
    return {
      store: storeFromEnvironment({
        RECORDS_STORE: worker.url,
        RECORDS_TOKEN_FILE: worker.tokenFile(worker.writerToken),
      }),
      end: async () => {},
    };
  },
};

for (const [kind, open] of Object.entries(kinds)) {
  test(`the ${kind} keeps an object, and refuses to replace it`, async () => {
    test.setTimeout(120_000);
    const { store, end } = await open();
    try {
      await store.create('records/south-africa/a/record.json', bytes('first'), 'application/json');
      expect(text(await store.read('records/south-africa/a/record.json'))).toBe('first');

      // The same bytes again, and other bytes: each refused, and the first kept.
      for (const again of ['first', 'second']) {
        const refusal = await store
          .create('records/south-africa/a/record.json', bytes(again), 'application/json')
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(refusal).toBeInstanceOf(ObjectExists);
      }
      expect(text(await store.read('records/south-africa/a/record.json'))).toBe('first');

      // Two writes of one new object at once: one is kept, the other refused.
      const racing = await Promise.allSettled(
        ['one', 'two'].map((body) =>
          store.create('records/south-africa/b/record.json', bytes(body), 'application/json'),
        ),
      );
      expect(racing.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const kept = racing.findIndex((outcome) => outcome.status === 'fulfilled');
      expect(text(await store.read('records/south-africa/b/record.json'))).toBe(
        ['one', 'two'][kept],
      );

      await store.create('records/home/c/record.json', bytes('home'), 'application/json');
      expect((await store.list('records/south-africa/')).sort()).toEqual([
        'records/south-africa/a/record.json',
        'records/south-africa/b/record.json',
      ]);
      expect(await store.read('records/none/record.json')).toBeUndefined();
      await expect(store.create('../outside', bytes('x'), 'text/plain')).rejects.toThrow(
        '"../outside" cannot name a record\'s object',
      );
    } finally {
      await end();
    }
  });
}

test('the folder store makes each object read-only', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-records-store-'));
  try {
    await storeFromEnvironment({ RECORDS_STORE: folder }).create('a/b', bytes('x'), 'text/plain');
    expect(statSync(path.join(folder, 'a', 'b')).mode & 0o777).toBe(0o444);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.describe('the records Worker', () => {
  let worker: RunningRecordsWorker;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    worker = await recordsWorker();
  });

  test("refuses a reader's write and a stranger's request in words, and lets a reader read", async () => {
    const writer = storeFromEnvironment({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: worker.tokenFile(worker.writerToken),
    });
    const reader = storeFromEnvironment({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
    });
    const stranger = storeFromEnvironment({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: worker.tokenFile('not-the-credential'),
    });
    await writer.create('kept', bytes('kept'), 'text/plain');
    expect(text(await reader.read('kept'))).toBe('kept');
    await expect(reader.create('other', bytes('x'), 'text/plain')).rejects.toThrow(
      new StoreFailure(
        `the records store at ${worker.url} refused to write other: the credential in RECORDS_TOKEN_FILE is not one it takes for that (this credential may only read)`,
      ),
    );
    await expect(stranger.read('kept')).rejects.toThrow(
      `the records store at ${worker.url} refused to read kept: the credential in RECORDS_TOKEN_FILE is not one it takes for that`,
    );
    expect(await reader.read('other')).toBeUndefined();
  });

  test("lets the pictures' credential write pull requests' pictures and files under their SHA-256, and no record or event", async () => {
    const pictures = storeFromEnvironment({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: worker.tokenFile(worker.picturesToken),
    });
    const png = bytes('a picture');
    const sha = createHash('sha256').update(png).digest('hex');
    await pictures.create(`files/${sha}`, png, 'image/png');
    await pictures.create('pull-requests/43/0123456789ab.json', bytes('{}'), 'application/json');
    expect(text(await pictures.read(`files/${sha}`))).toBe('a picture');
    for (const key of [
      'records/south-africa/FP-south-africa-0123456789ab.json',
      'events/FP-south-africa-0123456789ab/prepared.json',
      'releases/0123456789ab.txt',
      `files/${'0'.repeat(64)}`,
    ])
      await expect(pictures.create(key, bytes('forged'), 'application/json')).rejects.toThrow(
        `the records store at ${worker.url} refused to write ${key}: the credential in RECORDS_TOKEN_FILE is not one it takes for that (this credential may write only pull requests’ pictures, and files under their own SHA-256)`,
      );
  });

  test('checks the bytes against the SHA-256 sent with them, and keeps none that differ', async () => {
    const response = await fetch(`${worker.url}/objects/checked`, {
      method: 'PUT',
      body: 'these bytes',
      headers: {
        authorization: `Bearer ${worker.writerToken}`,
        'if-none-match': '*',
        'x-records-sha256': '0'.repeat(64),
      },
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toBe(
      'the bytes do not have the SHA-256 sent in x-records-sha256',
    );
    const read = await fetch(`${worker.url}/objects/checked`, {
      headers: { authorization: `Bearer ${worker.writerToken}` },
    });
    expect(read.status).toBe(404);
  });
});

test('a store named wrongly, or not at all, is said in words', () => {
  expect(() => storeFromEnvironment({})).toThrow('RECORDS_STORE is not set');
  expect(() => storeFromEnvironment({ RECORDS_STORE: 'records' })).toThrow(
    'RECORDS_STORE is "records": name a folder by its absolute path, or the records Worker by its https address',
  );
  expect(() => storeFromEnvironment({ RECORDS_STORE: 'https://records.example.com' })).toThrow(
    'RECORDS_TOKEN_FILE is not set',
  );
});
