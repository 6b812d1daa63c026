import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, expect, test } from '@playwright/test';
import { complianceLog } from '../../records/compliance-log';
import { startStaticServer } from '../../scripts/serve/static';
import { chromiumLaunchOptions } from '../support/browsers';

/**
 * The pictures a pull request's reviewers approve from (issue 54): a change to the legal block,
 * which every page shows, pictured before and after at a phone's and a desktop's width by the
 * command the pictures workflow runs, kept in the records store. Where the old words stand on the
 * page before, and the new words on the page after, is found here, by opening each build in
 * Chromium; the pictures must be marked there (a frame around the text, a ground behind it), and
 * only there.
 */

const run = promisify(execFile);

/** The legal block's complaints sentence, as content/legal.ts holds it, and a pull request's own. */
const OLD_WORDS =
  'If we cannot resolve your complaint, you may refer it to the Ombud for Financial Services Providers (the FAIS Ombud).';
const NEW_WORDS =
  'If we cannot resolve your complaint within six weeks, you may refer it to the FAIS Ombud.';
/** A text of the legal block the change leaves alone. */
const UNCHANGED = 'This site sets no cookies.';
/** The marks' colours, as a reviewer is told to look for them: a magenta frame, a yellow ground. */
const FRAME = [0xd4, 0x00, 0x6a];
const GROUND = [0xff, 0xf2, 0x7a];
const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const WIDTHS = { phone: 375, desktop: 1280 };

type Listed = {
  pullRequest: number;
  commit: string;
  pictures: { route: string; width: string; side: string; sha256: string; marked: string[] }[];
};

/** Where a text of the legal block (the page's footer) stands on a whole page of an export, opened in Chromium at a width. */
async function boxOf(browser: Browser, site: string, route: string, width: number, text: string) {
  const server = await startStaticServer(0, false, site);
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    colorScheme: 'light',
  });
  try {
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
    await tab.evaluate(() => document.fonts.ready);
    const found = await tab.getByRole('contentinfo').getByText(text, { exact: true }).all();
    expect(found.length, `${text} on ${route}`).toBeGreaterThan(0);
    return await Promise.all(
      found.map((element) =>
        element.evaluate((node) => {
          const rect = node.getBoundingClientRect();
          return {
            x: rect.x + window.scrollX,
            y: rect.y + window.scrollY,
            width: rect.width,
            height: rect.height,
          };
        }),
      ),
    );
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

type Box = Awaited<ReturnType<typeof boxOf>>[number];

/**
 * What a picture shows around a box: the colours of the frame's ring just outside it (a pixel on
 * each side), and whether its ground colour is inside it.
 */
async function marksAround(browser: Browser, png: Buffer, box: Box) {
  const tab = await browser.newPage();
  try {
    return await tab.evaluate(
      async ({ data, box }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const at = (x: number, y: number) => [
          ...context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3),
        ];
        const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        // The frame is 4 pixels wide, 2 pixels outside the element: 4 pixels out is its middle.
        const ring = [
          at(box.x - 4, middle.y),
          at(box.x + box.width + 4, middle.y),
          at(middle.x, box.y - 4),
          at(middle.x, box.y + box.height + 4),
        ];
        const inside = context.getImageData(
          Math.round(box.x),
          Math.round(box.y),
          Math.round(box.width),
          Math.round(box.height),
        ).data;
        const grounds: number[][] = [];
        for (let i = 0; i < inside.length; i += 4) grounds.push([...inside.slice(i, i + 3)]);
        return { ring, grounds: grounds.map((pixel) => pixel.join(',')) };
      },
      { data: png.toString('base64'), box },
    );
  } finally {
    await tab.close();
  }
}

/** Whether two colours are one, give or take the rounding of the picture's encoding. */
const near = (a: number[], b: number[]) => a.every((value, i) => Math.abs(value - b[i]!) <= 8);

test('a change to the legal block is pictured before and after at each width, the old and the new words marked, and kept once', async () => {
  test.setTimeout(10 * 60_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'private-bank-pictures-'));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const after = path.join(scratch, 'pull-request-out');
    cpSync('out', after, { recursive: true });
    for (const name of readdirSync(after).filter((file) => file.endsWith('.html'))) {
      const file = path.join(after, name);
      const html = readFileSync(file, 'utf8');
      // The south-africa page's paragraphs name the legal block's complaints sentence too.
      expect(html, name).toContain(OLD_WORDS);
      writeFileSync(file, html.replaceAll(OLD_WORDS, NEW_WORDS));
      if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file)));
    }
    const store = path.join(scratch, 'records');
    const comment = path.join(scratch, 'comment.md');
    const environment = {
      ...process.env,
      RECORDS_STORE: store,
      RECORDS_LOG_ADDRESS: 'https://edit.example.com',
    };
    const args = [
      'run',
      '--silent',
      'records',
      '--',
      'pictures',
      '--before',
      'out',
      '--after',
      after,
      '--pull-request',
      '43',
      '--commit',
      COMMIT,
      '--comment',
      comment,
    ];
    const made = await run('npm', args, { env: environment });
    expect(made.stdout).toContain(
      'Pull request 43 at 0123456789ab: 12 picture(s) of 3 changed page(s)',
    );
    expect(readFileSync(comment, 'utf8')).toContain(
      'https://edit.example.com/records/pull-requests/43/0123456789ab/',
    );

    const listed = JSON.parse(
      readFileSync(path.join(store, 'pull-requests', '43', '0123456789ab.json'), 'utf8'),
    ) as Listed;
    expect(listed).toMatchObject({ pullRequest: 43, commit: COMMIT });
    for (const [width, pixels] of Object.entries(WIDTHS))
      for (const [side, site, words] of [
        ['before', 'out', OLD_WORDS],
        ['after', after, NEW_WORDS],
      ] as const) {
        await test.step(`/south-africa at the ${width}'s width, ${side}`, async () => {
          const picture = listed.pictures.find(
            (p) => p.route === '/south-africa' && p.width === width && p.side === side,
          );
          // Twice on this page: in a paragraph of the page's, and in the legal block.
          expect(picture?.marked).toHaveLength(2);
          for (const text of picture!.marked) expect(text).toContain(words);
          const png = readFileSync(path.join(store, 'files', picture!.sha256));
          for (const box of await boxOf(browser, site, '/south-africa', pixels, words)) {
            const changed = await marksAround(browser, png, box);
            for (const colour of changed.ring)
              expect(near(colour, FRAME), String(colour)).toBe(true);
            expect(changed.grounds).toContain(GROUND.join(','));
          }
          const [box] = await boxOf(browser, site, '/south-africa', pixels, UNCHANGED);
          const unchanged = await marksAround(browser, png, box!);
          for (const colour of unchanged.ring)
            expect(near(colour, FRAME), String(colour)).toBe(false);
          expect(unchanged.grounds).not.toContain(GROUND.join(','));
        });
      }

    await test.step("the comment's address shows the pictures to the pull request's approvers alone", async () => {
      const log = complianceLog({
        RECORDS_COMPLIANCE_GROUP: 'compliance',
        RECORDS_REVIEWERS_GROUP: 'marketing-reviewers',
        RECORDS_STORE: store,
      });
      const groups: Record<string, string[]> = {
        jvanwyk: ['marketing-reviewers'],
        sdlamini: ['editors'],
      };
      const server = createServer((request, response) => {
        const user = String(request.headers['x-user']);
        void log(request, response, { user, email: '', name: user, groups: groups[user] ?? [] });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/records/pull-requests/43/0123456789ab/`;
      try {
        expect((await fetch(address, { headers: { 'x-user': 'sdlamini' } })).status).toBe(403);
        const shown = await fetch(address, { headers: { 'x-user': 'jvanwyk' } });
        expect(shown.status).toBe(200);
        const html = await shown.text();
        const pictures = [...html.matchAll(/<img src="([0-9a-f]{64})\.png"/g)].map((m) => m[1]);
        expect(pictures).toHaveLength(12);
        const picture = await fetch(new URL(`${pictures[0]}.png`, address), {
          headers: { 'x-user': 'jvanwyk' },
        });
        expect(picture.headers.get('content-type')).toBe('image/png');
        expect(
          Buffer.from(await picture.arrayBuffer()).equals(
            readFileSync(path.join(store, 'files', pictures[0]!)),
          ),
        ).toBe(true);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    await test.step('the same pictures again are refused: the list, once kept, is never replaced', async () => {
      const again = await run('npm', args, { env: environment }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect('code' in again && again.code).toBe(1);
      expect('stderr' in again && again.stderr).toContain(
        `the folder ${store} holds pull-requests/43/0123456789ab.json already, and refuses to replace it`,
      );
    });
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
