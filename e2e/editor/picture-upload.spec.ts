import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { INVISIBLE_CHARACTERS } from '../../content/schema/invisible-characters';
import { BUILD_INPUTS } from '../support/build-inputs';
import { projectCommands } from '../support/content-check';
import { commitToNewBranch, editingViewForSpec } from '../support/editing-view';
import { changeOnRemote, propose, startChange, test } from '../support/editing-service';

/**
 * A photograph chosen from the editor's computer (issue #53, item 2), as an editor chooses one:
 * through the file chooser beside the hero's file field, in npm run edit and in the editing
 * service. The picture stored carries no location and is no larger than 3200 pixels a side; it
 * is named from its bytes, whatever the file was called; it goes in the same commit (locally) or
 * proposal (the service) as the words that name it, so that a fresh clone of the branch passes the
 * content check; and a picture of a format the servers do not send as a photograph is refused in
 * words at the field.
 */

/** The hero's fields, as the form names them. */
const HERO_FILE = 'South Africa page, picture at the top, file';
const HERO_CHOOSER = 'South Africa page, picture at the top: a picture from your computer';
const HERO_SAVED = 'Saved South Africa page, picture at the top in content/south-africa.ts';
/** The longest side a picture is stored with (docs/editing.md). */
const LONGEST_SIDE = 3200;
/** A stored picture's address: a name made of its bytes' hash, in public/images. */
const STORED = /^\/images\/photo-[0-9a-f]{16}\.jpg$/;

/**
 * Whether a picture's EXIF holds a GPS location: the GPS IFD pointer (tag 0x8825) among the first
 * IFD's entries, read in the byte order the TIFF header names.
 */
function hasGpsLocation(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  // sharp gives the EXIF block from its "Exif\0\0" header, the TIFF header after it.
  const tiff = exif.subarray(exif.indexOf('II') === 6 || exif.indexOf('MM') === 6 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12)).includes(0x8825);
}

/**
 * A photograph as a phone writes one: a JPEG with the place it was taken (Johannesburg) in its
 * EXIF, by default wider than the cap. Each colour makes other bytes; a grain (noise) makes many
 * more of them, as a real photograph's detail does: a 640 by 480 picture with it weighs about
 * 88 kB, over the words' 64 kB, and its sizes and formats stay within the photographs' budgets
 * (docs/performance.md), as a picture the site will take must.
 */
async function phonePhotograph({
  width = 4000,
  height = 1500,
  colour = '#6b8e23',
  grain = false,
} = {}) {
  const create = { width, height, channels: 3 as const, background: colour };
  const bytes = await sharp({
    create: grain ? { ...create, noise: { type: 'gaussian', mean: 128, sigma: 20 } } : create,
  })
    .withExif({
      IFD0: { Make: 'A phone', Artist: 'An editor' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '26/1 12/1 16/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 2/1 44/1',
      },
    })
    .jpeg()
    .toBuffer();
  // The test stands on a photograph that does carry a location.
  expect(hasGpsLocation((await sharp(bytes).metadata()).exif)).toBe(true);
  return bytes;
}

/** What a stored picture holds: its format and size, whether it tells a location, and what metadata is left in it. */
async function storedPicture(bytes: Buffer) {
  const { format, width, height, exif, xmp, icc, iptc } = await sharp(bytes).metadata();
  return {
    format,
    width,
    height,
    location: hasGpsLocation(exif),
    left: { exif: Boolean(exif), xmp: Boolean(xmp), icc: Boolean(icc), iptc: Boolean(iptc) },
  };
}

const NO_METADATA = { exif: false, xmp: false, icc: false, iptc: false };

/**
 * How long a test that runs the content check as a process of its own may take: the check's start
 * (Node, tsx, TypeScript) takes 7 seconds on an idle machine and more than 30 while a full run
 * keeps both cores busy, as e2e/unit/vscode-task.spec.ts measured; a clone and a commit or a
 * proposal come with it.
 */
const WITH_A_CHECK_RUN = 120_000;

/**
 * How long a test that also builds a fresh clone may take: the content check's run, then `npm run
 * build` (Next.js, and the photograph's nine files made by sharp), which takes a minute and more
 * while a full run keeps both cores busy, as e2e/out/photographs.spec.ts's build does.
 */
const WITH_A_BUILD = WITH_A_CHECK_RUN + 240_000;

/**
 * Builds a fresh clone of a branch (`npm run build`) and checks what the build made of its
 * picture: the hero shows the photograph's sizes and formats, not the file itself, and none of
 * them tells where it was taken.
 */
async function expectBuiltWithoutLocation(clone: ReturnType<typeof freshClone>, src: string) {
  const { folder } = clone;
  // Built from the branch's files without its .git: Next.js takes a git repository's top as the
  // edge of what it compiles, and this clone shares the project's node_modules above it (a clone
  // with an npm install of its own builds as it is).
  rmSync(path.join(folder, '.git'), { recursive: true, force: true });
  const built = await clone.build();
  expect(built.code, built.output).toBe(0);
  const made = readdirSync(path.join(folder, 'out/photographs')).sort();
  // Each width the build makes (none wider than the picture) in AVIF, WebP and JPEG.
  const formats = made.map((name) => name.split('.').at(-1));
  expect(new Set(formats)).toEqual(new Set(['avif', 'webp', 'jpg']));
  for (const format of ['avif', 'webp', 'jpg'])
    expect(formats.filter((one) => one === format)).toHaveLength(made.length / 3);
  const hero = readFileSync(path.join(folder, 'out/south-africa.html'), 'utf8');
  for (const name of made) expect(hero).toContain(`/photographs/${name}`);
  expect(readdirSync(path.join(folder, 'out/images'))).not.toContain(path.basename(src));
  for (const name of made)
    expect(
      await storedPicture(readFileSync(path.join(folder, 'out/photographs', name))),
    ).toMatchObject({ location: false, left: NO_METADATA });
}

/**
 * Clones a branch into a folder of its own, with the content check and the build to run in it
 * (`npm run content:check` run there as on a developer's computer, not as GitHub's annotations);
 * `done` removes it.
 */
function freshClone(repository: string, branch: string) {
  // In .cache/ (which git ignores), where the check finds the project's packages, as in a clone.
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve('.cache/picture-clone-'));
  execFileSync('git', ['clone', '--quiet', '--branch', branch, repository, folder]);
  const { check, build } = projectCommands(folder);
  return {
    folder,
    check: () => check({ GITHUB_ACTIONS: '' }),
    build,
    done: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** Chooses a file in the hero's file chooser, found by its label, as an editor does. */
const choose = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.getByLabel(HERO_CHOOSER).setInputFiles(file);

test.describe('npm run edit', () => {
  // The whole of what a build reads, so that a clone of the branch the view commits builds.
  const session = editingViewForSpec({
    own: { parts: [...BUILD_INPUTS, '.prettierrc.json'] },
    committed: true,
  });
  let view: typeof session.view;
  let page: Page;
  /** Runs git in the scratch copy, a repository of its own. */
  let git: typeof session.git;
  test.beforeAll(() => ({ view, page, git } = session));

  test('a picture in a format no server sends as a photograph is refused in words at the field, and nothing is stored', async () => {
    const before = readFileSync(path.join(view.folder, 'content/south-africa.ts'), 'utf8');
    const gif = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#6b8e23' },
    })
      .gif()
      .toBuffer();
    // Named and typed as a JPEG by the browser: the bytes say what it is.
    await choose(page, { name: 'office.jpg', mimeType: 'image/jpeg', buffer: gif });
    await expect(page.getByRole('combobox', { name: HERO_FILE })).toHaveAccessibleDescription(
      /This file is a picture in GIF format, which is not taken here: choose a JPEG or PNG file/,
    );
    await expect(page.getByRole('status')).toContainText(`Not saved: ${HERO_FILE}`);
    expect(readFileSync(path.join(view.folder, 'content/south-africa.ts'), 'utf8')).toBe(before);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  test('a file over 16 MB is refused in words at the field, and never sent', async () => {
    const sent: string[] = [];
    const onRequest = (request: Request) => sent.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    try {
      await choose(page, {
        name: 'scan.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(17 * 1024 * 1024),
      });
      await expect(page.getByRole('combobox', { name: HERO_FILE })).toHaveAccessibleDescription(
        /This file is 17\.0 MB, more than the 16 MB a picture may be: make it smaller/,
      );
      await expect(page.getByRole('status')).toContainText(`Not saved: ${HERO_FILE}`);
    } finally {
      page.off('request', onRequest);
    }
    expect(sent).not.toContain('/api/picture');
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  test('a JPEG chosen from the computer is stored without its location, no larger than the cap, and named in the hero', async () => {
    await choose(page, {
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhotograph(),
    });
    await expect(page.getByRole('status')).toContainText(HERO_SAVED);
    // The refusal of the file chosen before goes with the picture saved.
    await expect(page.getByRole('combobox', { name: HERO_FILE })).not.toHaveAccessibleDescription(
      /Not saved/,
    );
    const src = await page.getByRole('combobox', { name: HERO_FILE }).inputValue();
    expect(src).toMatch(STORED);
    const stored = await storedPicture(readFileSync(path.join(view.folder, 'public', src)));
    expect(stored).toEqual({
      format: 'jpeg',
      width: LONGEST_SIDE,
      height: 1200,
      location: false,
      left: NO_METADATA,
    });
    await expect(
      page.getByRole('spinbutton', { name: 'South Africa page, picture at the top, width' }),
    ).toHaveValue(String(LONGEST_SIDE));
    await expect(
      page.getByRole('spinbutton', { name: 'South Africa page, picture at the top, height' }),
    ).toHaveValue('1200');
  });

  test('a file named as a path, in every encoding of / and \\, with control and invisible characters, is stored under a name of its bytes alone', async () => {
    // Every encoding of / and \: as typed, percent-encoded in either case and twice, and the
    // characters that look like them (division and fraction slashes, the full-width forms, the
    // reverse solidus operator).
    const separators = ['/', '\\'].flatMap((slash) => {
      const encoded = encodeURIComponent(slash);
      return [slash, encoded.toLowerCase(), encoded.toUpperCase(), encodeURIComponent(encoded)];
    });
    separators.push('\u2215', '\u2044', '\uff0f', '\uff3c', '\u29f5');
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');
    // Every character of the Basic Multilingual Plane the content check's table of invisible
    // characters names.
    const invisible = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
      .filter((character) => !/[\ud800-\udfff]/.test(character))
      .filter((character) =>
        INVISIBLE_CHARACTERS.some(({ characters }) =>
          new RegExp(characters.source, characters.flags.replace('g', '')).test(character),
        ),
      )
      .join('');
    // One name of each family, holding every member of it.
    const names = [
      `${separators.map((s) => `..${s}`).join('')}content/south-africa.ts`,
      `${separators.map((s) => `${s}etc`).join('')}/passwd.jpg`,
      `office${controls}\u007f.jpg`,
      `office${invisible}.jpg`,
    ];
    const buffer = await phonePhotograph({ width: 64, height: 48, colour: '#2f4f4f' });
    const south = () => readFileSync(path.join(view.folder, 'content/south-africa.ts'), 'utf8');
    for (const name of names) {
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/save');
      await choose(page, { name, mimeType: 'image/jpeg', buffer });
      await saved;
      await expect(page.getByRole('status')).toContainText(HERO_SAVED);
      expect(await page.getByRole('combobox', { name: HERO_FILE }).inputValue()).toMatch(STORED);
    }
    // Nothing but pictures of public/images, named by their bytes, and the hero's words changed.
    expect(git('ls-files', '--modified')).toBe('content/south-africa.ts');
    for (const file of git('ls-files', '--others', '--exclude-standard').split('\n'))
      expect(file).toMatch(/^public\/images\/photo-[0-9a-f]{16}\.jpg$/);
    expect(
      readdirSync(path.join(view.folder, 'public/images')).filter((f) => f.startsWith('photo-')),
    ).toHaveLength(2);
    expect(south()).toMatch(/src: '\/images\/photo-[0-9a-f]{16}\.jpg'/);
  });

  test('a picture needs its description unless it is marked as only decoration, and its source and licence, each asked for in words at its field', async () => {
    const field = (words: string) =>
      page.getByRole('textbox', {
        name: `South Africa page, picture at the top, ${words}`,
        exact: true,
      });
    const decoration = page.getByRole('checkbox', {
      name: 'South Africa page, picture at the top, only decoration',
    });
    await expect(decoration).toBeChecked();
    await decoration.uncheck();
    await expect(field('description')).toHaveAccessibleDescription(
      /is empty: say what the picture shows, in a few words, for visitors who cannot see it; or tick 'only decoration' if it says nothing the page's words do not/,
    );
    // Described, it is no longer decoration: the two are saved together.
    await field('description').fill('The bank’s office in Johannesburg, seen from the street');
    await field('description').press('Tab');
    await expect(page.getByRole('status')).toContainText('Saved together');
    await expect(decoration).not.toBeChecked();
    await field('source and licence').fill('');
    await field('source and licence').press('Tab');
    await expect(field('source and licence')).toHaveAccessibleDescription(
      /is empty: say where the picture comes from and under what licence the bank uses it/,
    );
    await field('source and licence').fill(
      'Photograph by Thandi M., taken for the bank; the bank’s own',
    );
    await field('source and licence').press('Tab');
    await expect(page.getByRole('status')).toContainText(
      'Saved South Africa page, picture at the top, source and licence',
    );
    const saved = readFileSync(path.join(view.folder, 'content/south-africa.ts'), 'utf8');
    expect(saved).toContain("alt: 'The bank’s office in Johannesburg, seen from the street'");
    expect(saved).toContain('decorative: false');
  });

  test('the picture is committed with the words that name it, and a fresh clone of the branch passes the content check and builds the photograph without its location', async () => {
    test.setTimeout(WITH_A_BUILD);
    const src = await page.getByRole('combobox', { name: HERO_FILE }).inputValue();
    await commitToNewBranch(
      page,
      'content/office-photograph',
      'A photograph of the office at the top of the South Africa page',
    );
    await expect(page.getByRole('status')).toContainText(
      'Committed to the new branch content/office-photograph',
    );
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'content/south-africa.ts',
      `public${src}`,
    ]);
    const clone = freshClone(view.folder, 'content/office-photograph');
    try {
      const checked = await clone.check();
      expect(checked.output).toMatch(/content:check: \d+ content files OK/);
      expect(checked.code).toBe(0);
      expect(
        await storedPicture(readFileSync(path.join(clone.folder, 'public', src))),
      ).toMatchObject({ location: false, left: NO_METADATA });
      await expectBuiltWithoutLocation(clone, src);
    } finally {
      clone.done();
    }
  });
});

test.describe('the editing service', () => {
  test('a JPEG chosen from the computer is proposed with the words that name it, without its location, and a fresh clone of the branch passes the content check and builds', async ({
    editingService: running,
    signIn,
  }) => {
    test.setTimeout(WITH_A_BUILD);
    // Editors of this spec's own, among those of the worker's service.
    const page = await signIn('lerato');
    await startChange(page, 'A photograph of the office');
    // Over the words' 64 kB, which the web server and the service keep for every other request.
    const photograph = await phonePhotograph({ width: 640, height: 480, grain: true });
    expect(photograph.length).toBeGreaterThan(64 * 1024);
    await choose(page, { name: 'office.jpg', mimeType: 'image/jpeg', buffer: photograph });
    await expect(page.getByRole('status')).toContainText(HERO_SAVED);
    const src = await page.getByRole('combobox', { name: HERO_FILE }).inputValue();
    expect(src).toMatch(STORED);
    // The page beside the form draws it, from the editor's own change.
    await expect
      .poll(() =>
        page
          .frameLocator('iframe[title="The page as it will look"]')
          .locator(`img[src="${src}"]`)
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(640);
    // Another editor's page gets no picture of a change of hers.
    const ayesha = await signIn('ayesha');
    expect((await ayesha.request.get(src)).status()).toBe(404);
    // The audit log records the bytes received before the picture is stored, and what was stored.
    const entries = readFileSync(running.service.auditLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const change = 'lerato/a-photograph-of-the-office';
    const intent = entries.find(
      (e) => e.kind === 'intent' && e.action === 'store picture' && e.change === change,
    );
    expect(intent).toMatchObject({
      change,
      bytes: photograph.length,
      sha256: createHash('sha256').update(photograph).digest('hex'),
    });
    expect(entries.find((e) => e.kind === 'outcome' && e.id === intent?.id)).toMatchObject({
      result: 'stored',
      file: `public${src}`,
    });
    const branch = 'content/lerato/a-photograph-of-the-office';
    /**
     * Proposes the change, waits for the view to say it was proposed on its branch, then reads the
     * branch on the remote: the names of the files that git, run with `args`, prints, sorted.
     */
    const proposeAndListFiles = async (...args: string[]) => {
      await propose(page);
      await expect(page.getByRole('status')).toContainText(
        `Proposed for review, on the branch ${branch}`,
      );
      return execFileSync('git', ['--git-dir', running.service.remote, ...args], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .sort();
    };
    expect(await proposeAndListFiles('show', '--name-only', '--format=', branch)).toEqual([
      'content/south-africa.ts',
      `public${src}`,
    ]);
    const clone = freshClone(running.service.remote, branch);
    try {
      const checked = await clone.check();
      expect(checked.output).toMatch(/content:check: \d+ content files OK/);
      expect(checked.code).toBe(0);
      const stored = await storedPicture(readFileSync(path.join(clone.folder, 'public', src)));
      expect(stored).toEqual({
        format: 'jpeg',
        width: 640,
        height: 480,
        location: false,
        left: NO_METADATA,
      });
      await expectBuiltWithoutLocation(clone, src);
    } finally {
      clone.done();
    }
    // Main moves in a file the change never touched: the next proposal brings the change up to
    // date, and the branch still holds the picture with the words, against main as it now is.
    changeOnRemote({
      remote: running.service.remote,
      branch: 'main',
      file: 'content/contact.ts',
      from: "{ label: 'From abroad',",
      to: "{ label: 'From outside the UK',",
    });
    expect(await proposeAndListFiles('diff', '--name-only', 'main', branch)).toEqual([
      'content/south-africa.ts',
      `public${src}`,
    ]);
  });
});
