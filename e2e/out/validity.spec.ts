import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { home } from '../../content/home';
import { site } from '../../content/site';
import { textOf } from '../../scripts/shared/html';
import { BuiltPage } from '../support/built-page';

const run = promisify(execFile);
const htmlFiles = readdirSync('out').filter((file) => file.endsWith('.html'));
const siteUrl = new URL(site.url);

/**
 * Links that lead nowhere on purpose: the brief's placeholder anchors ('#'), and the '404 Error'
 * button's address, which exists to show the not-found page.
 */
const DELIBERATELY_MISSING = ['#', home.brokenLink.href];

test('the W3C Nu HTML checker finds no error in any page', async () => {
  test.setTimeout(60_000);
  const jar = 'node_modules/vnu-jar/build/dist/vnu.jar';
  const files = htmlFiles.map((file) => path.join('out', file));
  // vnu exits 1 when it reports errors; its report is what matters, so read it either way.
  const { stderr } = await run('java', [
    '-jar',
    jar,
    '--errors-only',
    '--format',
    'json',
    ...files,
  ]).catch((error: { stderr?: string; code?: string | number }) => {
    if (error.code === 'ENOENT')
      throw new Error('Java is needed for the HTML checker: apt-get install default-jre-headless');
    return { stderr: error.stderr ?? '' };
  });
  const { messages } = JSON.parse(stderr) as {
    messages: Array<{ url: string; message: string; extract?: string }>;
  };
  expect(messages.map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ''}`)).toEqual(
    [],
  );
  expect(files.length).toBeGreaterThanOrEqual(3);
});

/** The file in out/ that a path on this site serves, or undefined. */
function fileFor(urlPath: string): string | undefined {
  const clean = decodeURIComponent(urlPath);
  const candidates = clean === '/' ? ['index.html'] : [clean.slice(1), `${clean.slice(1)}.html`];
  return candidates.find((candidate) => existsSync(path.join('out', candidate)));
}

for (const file of htmlFiles) {
  test(`every link, image, icon and stylesheet of ${file} resolves`, () => {
    const page = new BuiltPage(file);
    const attributes: Array<[string, string]> = [
      ['a', 'href'],
      ['link', 'href'],
      ['img', 'src'],
      ['script', 'src'],
      ['meta', 'content'],
    ];
    const references = attributes.flatMap(([tag, name]) =>
      page
        .all(tag)
        .filter(
          (e) => tag !== 'meta' || /^og:(image|url)$/.test(BuiltPage.attr(e, 'property') ?? ''),
        )
        .map((e) => BuiltPage.attr(e, name))
        .filter((value): value is string => value !== undefined),
    );
    const ids = new Set(page.elements.map((e) => BuiltPage.attr(e, 'id')));
    const broken = references.filter((reference) => {
      if (DELIBERATELY_MISSING.includes(reference) || /^(mailto|tel):/.test(reference))
        return false;
      if (reference.startsWith('#')) return !ids.has(reference.slice(1));
      const url = new URL(reference, siteUrl);
      if (url.origin !== siteUrl.origin) return true;
      return fileFor(url.pathname) === undefined;
    });
    expect(broken).toEqual([]);
    expect(references.length).toBeGreaterThan(5);
  });
}

test('the built CSS keeps the prefixed declarations the supported engines need', () => {
  // Each page carries its CSS inline; what one page lacks, its visitors' browsers never get.
  const needed = [
    // iOS Safari enlarges text on turning the phone sideways unless told not to, with the prefix.
    '-webkit-text-size-adjust:100%',
    // Safari before 17 hyphenates long words only with the prefix.
    '-webkit-hyphens:auto',
  ];
  for (const file of htmlFiles) {
    const css = new BuiltPage(file).all('style').map(textOf).join('\n');
    for (const declaration of needed) expect(css, file).toContain(declaration);
  }
});
