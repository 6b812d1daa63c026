import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from '../../scripts/serve/port';
import { budgetOf } from '../../scripts/shared/photograph';
import { FIRST_ROUND_TRIP, PAGE_BUDGETS } from '../support/budgets';
import { BuiltPage } from '../support/built-page';
import { BUILD_INPUTS } from '../support/build-inputs';
import { htmlErrors } from '../support/html-checker';
import { scratchProject } from '../support/content-check';
import { PHOTOGRAPH, photographInHero, photographWithLocation, TAKEN } from '../support/photograph';
import { spawnGroup, stopGroup } from '../support/process-groups';

/**
 * A photograph in the hero, end to end through the build and the servers (issue #53, item 2): a
 * JPEG that carries a location, put in public/images/ of a scratch copy and named by the South
 * Africa page's hero, then `npm run build` there, as an editor's commit would be built.
 */

// One build, then each test reads it or serves it; the servers one at a time.
test.describe.configure({ mode: 'serial' });

/** Each format's media type, as browsers and the servers name it. */
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
/** The widths the build makes a photograph this wide in, for phones, tablets and wide screens. */
const WIDTHS = [480, 960, 1600];
/** A year, as browsers may keep a file whose name changes with its content. */
const A_YEAR = 'public, max-age=31536000, immutable';

/** The scratch copy, made and built before the tests, and its export. */
let project: ReturnType<typeof scratchProject>;
let out: string;

/** Every file of the build's photographs' folder, by its address. */
const photographFiles = () =>
  readdirSync(path.join(out, 'photographs')).map((name) => `/photographs/${name}`);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = scratchProject([...BUILD_INPUTS, 'scripts/serve']);
  out = path.join(project.dir, 'out');
  await photographInHero(project.dir);
  // Cloudflare's Worker and its configuration, with wrangler from the project's own install.
  for (const file of ['wrangler.jsonc', 'worker.ts'])
    cpSync(`deploy/cloudflare/${file}`, path.join(project.dir, 'deploy/cloudflare', file));
  symlinkSync(
    path.resolve('deploy/cloudflare/node_modules'),
    path.join(project.dir, 'deploy/cloudflare/node_modules'),
  );
  const build = await project.build();
  expect(build.code, build.output).toBe(0);
});

test.afterAll(() => project?.[Symbol.dispose]());

test('the hero draws the photograph in AVIF, WebP and JPEG at each width, at its file’s size', async () => {
  const page = new BuiltPage('south-africa.html', out);
  const srcsetOf = (srcset = '') =>
    srcset.split(', ').map((candidate) => candidate.split(' ') as [string, string]);
  const sources = page.all('source').map((source) => ({
    type: BuiltPage.attr(source, 'type') ?? '',
    sizes: BuiltPage.attr(source, 'sizes'),
    srcset: srcsetOf(BuiltPage.attr(source, 'srcset')),
  }));
  const [img, ...others] = page.all('img');
  expect(others).toHaveLength(0);
  const drawn = [
    ...sources,
    {
      type: TYPES.jpg,
      sizes: BuiltPage.attr(img!, 'sizes'),
      srcset: srcsetOf(BuiltPage.attr(img!, 'srcset')),
    },
  ];
  expect(drawn.map(({ type }) => type)).toEqual([TYPES.avif, TYPES.webp, TYPES.jpg]);
  for (const { type, sizes, srcset } of drawn) {
    expect(sizes, type).toBe('100vw');
    expect(srcset.map(([, width]) => width)).toEqual(WIDTHS.map((width) => `${width}w`));
    for (const [address, width] of srcset) {
      const extension = address.split('.').at(-1) as keyof typeof TYPES;
      expect(TYPES[extension], address).toBe(type);
      // The file is what its name and descriptor say: its format, and its width.
      const metadata = await sharp(readFileSync(path.join(out, address))).metadata();
      expect(`${metadata.width}w`, address).toBe(width);
      expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(
        type.slice('image/'.length),
      );
    }
  }
  // The widest JPEG, at the photograph's own proportions, not the content's 1600 × 600.
  expect(BuiltPage.attr(img!, 'src')).toBe(drawn[2]!.srcset.at(-1)![0]);
  expect([BuiltPage.attr(img!, 'width'), BuiltPage.attr(img!, 'height')]).toEqual(['1600', '960']);
  expect(BuiltPage.attr(img!, 'alt')).toBe('');
});

test('the W3C Nu HTML checker finds no error in the page with its photograph', async () => {
  const messages = await htmlErrors([path.join(out, 'south-africa.html')]);
  expect(messages.map((m) => `${m.message} ${m.extract ?? ''}`)).toEqual([]);
});

test('the built pictures carry no location, and the photograph itself is not published', async () => {
  const files = photographFiles();
  expect(files).toHaveLength(WIDTHS.length * Object.keys(TYPES).length);
  for (const file of files) {
    const bytes = readFileSync(path.join(out, file));
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif, file).toBeUndefined();
    expect(metadata.xmp, file).toBeUndefined();
    expect(bytes.toString('latin1'), file).not.toContain('A photographer');
  }
  expect(existsSync(path.join(out, PHOTOGRAPH))).toBe(false);
});

test('the same photograph makes the same files, byte for byte', async () => {
  test.setTimeout(120_000);
  const before = photographFiles().map((file) => [file, readFileSync(path.join(out, file))]);
  // The build's step again, in a process of its own, into its own folder (.cache/photographs/).
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/build/photographs.ts', '--make'],
    { cwd: project.dir },
  );
  const made = path.join(project.dir, '.cache/photographs/out');
  const after = readdirSync(path.join(made, 'photographs')).map((name) => [
    `/photographs/${name}`,
    readFileSync(path.join(made, 'photographs', name)),
  ]);
  expect(after).toEqual(before);
});

test('each size and format weighs at most its budget, and the page its own beside them', () => {
  for (const file of photographFiles()) {
    const bytes = readFileSync(path.join(out, file)).length;
    const [, width, extension] = /-(\d+)\.\w+\.(\w+)$/.exec(file)!;
    const format = extension === 'jpg' ? 'jpeg' : (extension as 'avif' | 'webp');
    expect(bytes, file).toBeLessThanOrEqual(budgetOf({ width: Number(width), format }));
  }
  const page = new BuiltPage('south-africa.html', out);
  const resources = page.resources();
  const firstRoundTrip = resources
    .filter(({ type }) => type === 'html' || type === 'css')
    .reduce((sum, { bytes }) => sum + bytes, 0);
  expect(firstRoundTrip).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
  const withoutPhotograph = resources
    .filter(({ url }) => !url.startsWith('/photographs/'))
    .reduce((sum, { bytes }) => sum + bytes, 0);
  expect(withoutPhotograph).toBeLessThanOrEqual(PAGE_BUDGETS['south-africa.html']);
});

/** The servers, each as its npm script starts it in the copy, on a port of its own. */
const servers = [
  { name: 'nginx', script: 'scripts/serve/nginx.ts' },
  { name: 'Cloudflare’s local runtime', script: 'scripts/serve/cloudflare.ts' },
];

for (const { name, script } of servers) {
  test(`${name} serves each size and format with its type, kept a year, and a missing one as not found, kept by no one`, async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const server = spawnGroup(
      process.execPath,
      ['--import', 'tsx', script],
      { cwd: project.dir, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' },
      `${name} serving a scratch build with a photograph`,
    );
    try {
      const origin = `http://127.0.0.1:${port}`;
      // Up once it answers the home page; a server that stopped answers nothing, ever.
      while (
        (await fetch(origin).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        expect(server.exitCode, `${name} stopped`).toBeNull();
        await sleep(200);
      }
      for (const file of photographFiles()) {
        const response = await fetch(`${origin}${file}`);
        const extension = file.split('.').at(-1) as keyof typeof TYPES;
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toBe(TYPES[extension]);
        expect(response.headers.get('cache-control'), file).toBe(A_YEAR);
        expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(
          readFileSync(path.join(out, file)),
        );
      }
      const [first] = photographFiles();
      for (const missing of [
        first!.replace(/\.\w+\.(\w+)$/, '.000000000000.$1'),
        '/photographs/',
      ]) {
        const response = await fetch(`${origin}${missing}`);
        expect(response.status, missing).toBe(404);
        expect(response.headers.get('content-type'), missing).toMatch(/^text\/html/);
        // Revalidated at once (Cloudflare's own `max-age=0`) or never stored, never kept.
        expect(response.headers.get('cache-control') ?? '', missing).not.toMatch(
          /immutable|max-age=[1-9]/,
        );
      }
    } finally {
      await stopGroup(server, 'SIGINT');
    }
  });
}

test('the content check refuses a photograph over its budget, in words at its field', async () => {
  test.setTimeout(120_000);
  // The same size, with fine detail everywhere (a noise no encoder can shrink), so heavy.
  writeFileSync(
    path.join(project.dir, `public${PHOTOGRAPH}`),
    await photographWithLocation(TAKEN, 250),
  );
  const { code, output } = await project.check();
  expect(code, output).toBe(1);
  const source = readFileSync(path.join(project.dir, 'content/south-africa.ts'), 'utf8');
  const before = source.slice(0, source.indexOf(`src: '${PHOTOGRAPH}'`)).split('\n');
  const place = `content/south-africa.ts:${before.length}:${before.at(-1)!.length + 1}`;
  // Its 480 px files are light enough; at 960 px, its AVIF is not.
  expect(output).toMatch(
    new RegExp(
      `\\n  ${place}  southAfrica\\.hero\\.src: "${PHOTOGRAPH}" is too heavy for the site: 960 px wide, its AVIF weighs \\d+ kB, over its budget of 80 kB: choose a picture with less fine detail, or crop it\\n`,
    ),
  );
});
