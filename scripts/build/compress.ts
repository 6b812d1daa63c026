/**
 * Last build step: each text file of out/ gets its gzip twin (south-africa.html.gz), compressed as
 * far as gzip goes, which nginx sends as it is to clients that accept gzip (gzip_static in
 * deploy/nginx.conf.template), so that no request spends CPU on compression. Cloudflare compresses
 * on its own: out/.assetsignore keeps the twins out of what wrangler serves and uploads.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipAsync } from '@gfx/zopfli';

/** The text files the export writes, by extension; its PNG images are compressed already. */
const TEXT = ['.html', '.css', '.js', '.txt', '.xml', '.svg'];

/**
 * Zopfli, the slowest gzip encoder and the one that writes the smallest files every gzip client
 * reads: the build pays its time once, and every visitor downloads fewer bytes. Its own default of
 * 15 iterations, since more save a byte or two a page at most. docs/performance.md has the sizes
 * against zlib's levels and against more iterations.
 */
const ZOPFLI = { numiterations: 15 };

const files = readdirSync('out', { recursive: true, encoding: 'utf8' })
  .filter((file) => TEXT.includes(path.extname(file)) && statSync(path.join('out', file)).isFile())
  .sort();
let before = 0;
let after = 0;
for (const file of files) {
  const source = readFileSync(path.join('out', file));
  const compressed = await gzipAsync(source, ZOPFLI);
  const twin = path.join('out', `${file}.gz`);
  // A twin only where it is smaller: gzip makes a file of a few dozen bytes larger.
  if (compressed.length < source.length) {
    writeFileSync(twin, compressed);
  } else {
    rmSync(twin, { force: true });
  }
  before += source.length;
  after += Math.min(compressed.length, source.length);
}

writeFileSync(
  'out/.assetsignore',
  [
    '# Written by scripts/build/compress.ts: the gzip twins are for nginx alone; Cloudflare',
    '# compresses on its own, and would otherwise serve them as files of their own.',
    '*.gz',
    '',
  ].join('\n'),
);
console.log(
  `compress: ${files.length} text files, ${before} → ${after} bytes with their gzip twins`,
);
