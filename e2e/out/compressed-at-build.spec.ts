import { readdirSync, readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startNginx } from '../../scripts/serve/nginx';
import { freePort } from '../../scripts/serve/port';

/**
 * Compressed once, at build: nginx sends each file's gzip twin exactly as the build wrote it (so no
 * request compresses anything), and says the answer varies with Accept-Encoding, so that a cache
 * between nginx and a visitor keeps the compressed and the plain answers apart. Both production
 * servers' decompressed bytes are checked against the files in e2e/browser/production-server.spec.ts;
 * this is how nginx gets there, on an nginx of this test's own.
 */

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET whose body is kept as the bytes sent: node:http decompresses nothing. */
function rawGet(port: number, address: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path: address, headers, agent: false }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () =>
        resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.setTimeout(5_000, () => request.destroy(new Error(`${address}: no answer in 5 s`)));
    request.on('error', reject);
  });
}

test('nginx sends the gzip twins as the build wrote them, and says its answers vary by Accept-Encoding', async () => {
  const twins = readdirSync('out', { recursive: true, encoding: 'utf8' })
    .map((file) => `/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.gz'));
  expect(twins).toEqual(
    expect.arrayContaining(['/index.html.gz', '/south-africa.html.gz', '/404.html.gz']),
  );
  const port = await freePort();
  const nginx = startNginx(`127.0.0.1:${port}`);
  try {
    let up = false;
    for (let tries = 0; tries < 50 && !up; tries += 1) {
      up = await rawGet(port, '/', {}).then(
        () => true,
        () => false,
      );
      if (!up) await sleep(100);
    }
    expect(up, 'nginx answered').toBe(true);
    for (const twin of twins) {
      const file = twin.slice(0, -'.gz'.length);
      const address = file === '/404.html' ? '/no/such/page' : file.replace(/(index)?\.html$/, '');
      const original = readFileSync(path.join('out', file));
      const compressed = readFileSync(path.join('out', twin));
      // The twin is the file, compressed.
      expect(gunzipSync(compressed).equals(original), twin).toBe(true);
      const gzipped = await rawGet(port, address, { 'Accept-Encoding': 'gzip' });
      expect(gzipped.headers['content-encoding'], address).toBe('gzip');
      expect(gzipped.headers['vary'], address).toBe('Accept-Encoding');
      expect(gzipped.body.equals(compressed), `${address}: the twin's bytes`).toBe(true);
      const plain = await rawGet(port, address, {});
      expect(plain.headers['content-encoding'], address).toBeUndefined();
      expect(plain.headers['vary'], address).toBe('Accept-Encoding');
      expect(plain.body.equals(original), `${address}: the file's bytes`).toBe(true);
    }
  } finally {
    nginx.stop();
    await nginx.exited;
  }
});
