import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { home } from '../../content/home';
import { site } from '../../content/site';
import { serverErrorPage } from '../../scripts/build/server-error-page';
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

test('the W3C Nu HTML checker finds no error in any page, nginx’s error page included', async () => {
  test.setTimeout(60_000);
  const jar = 'node_modules/vnu-jar/build/dist/vnu.jar';
  const files = [...htmlFiles.map((file) => path.join('out', file)), serverErrorPage.file];
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
  expect(files.length).toBeGreaterThanOrEqual(4);
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

/** The project's documents: the README and every page of docs/, as GitHub shows them. */
const markdownFiles = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

/**
 * A document with its code removed: fenced blocks (``` or ~~~) become empty lines, so line numbers
 * stay true, and inline code spans (each on one line) become blanks. Links and headings shown as
 * code are examples, not links, and GitHub does not follow them either.
 */
function proseOf(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker?.startsWith(fence)) fence = undefined;
      return '';
    }
    return line.replace(/(`+)(?:(?!\1).)+\1/g, (span) => ' '.repeat(span.length));
  });
}

/**
 * The anchors GitHub gives a document's headings, as github-slugger makes them: the heading's text
 * (a link's words without its target, backquotes and asterisks dropped), lower-cased, every
 * character that is not a letter, a digit, an underscore, a hyphen or a space removed, and each
 * space turned into a hyphen; a heading whose anchor is taken already gets -1, -2, … after it. Only
 * headings written with # count: the documents use no underlined (setext) headings and no HTML
 * anchors.
 */
function headingAnchors(markdown: string): Set<string> {
  const prose = proseOf(markdown);
  const headings = markdown
    .split('\n')
    .filter((_line, index) => /^ {0,3}#{1,6}\s/.test(prose[index]!))
    .map((line) => line.replace(/^ {0,3}#{1,6}\s+|\s+#*\s*$/g, ''));
  const anchors = new Set<string>();
  for (const heading of headings) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * The targets of a document's links, with their line: inline links and images, [text](target) or
 * [text](target "title"), and reference definitions, [name]: target. Targets with spaces or
 * parentheses, autolinks (<https://…>) and HTML links are not read: the documents use none that
 * lead inside the repository.
 */
function linksOf(markdown: string): Array<{ target: string; line: number }> {
  return proseOf(markdown).flatMap((text, index) =>
    [
      ...text.matchAll(/\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g),
      ...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s<>]+)>?/g),
    ].map((match) => ({ target: match[1]!, line: index + 1 })),
  );
}

for (const file of markdownFiles) {
  test(`every link of ${file} within the repository leads to a file, a folder or a heading`, () => {
    const links = linksOf(readFileSync(file, 'utf8'));
    // A link with a scheme (https:, mailto:) leaves the repository; any other is a relative link.
    const relative = links.filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
    const broken = relative.flatMap(({ target, line }) => {
      const [address = '', anchor] = target.split('#');
      // '#anchor' alone is this document; GitHub reads a leading / from the repository's root, and
      // any other address from the document's folder.
      const resolved =
        address === ''
          ? file
          : address.startsWith('/')
            ? path.normalize(decodeURI(address.slice(1)) || '.')
            : path.join(path.dirname(file), decodeURI(address));
      const where = `${file}:${line} ${target}`;
      if (resolved.startsWith('..') || !existsSync(resolved)) return [`${where}: no such path`];
      // Anchors are read in Markdown files only; GitHub shows any other file with line anchors.
      if (anchor === undefined || !resolved.endsWith('.md')) return [];
      const anchors = headingAnchors(readFileSync(resolved, 'utf8'));
      return anchors.has(decodeURIComponent(anchor)) ? [] : [`${where}: no such heading`];
    });
    expect(broken).toEqual([]);
  });
}

test('the README links to every page of docs/, so that each reader finds theirs', () => {
  const targets = linksOf(readFileSync('README.md', 'utf8')).map(({ target }) =>
    path.normalize(target.split('#')[0]!),
  );
  const pages = markdownFiles.filter((file) => file !== 'README.md');
  expect(pages.filter((page) => !targets.includes(page))).toEqual([]);
  expect(pages.length).toBeGreaterThanOrEqual(4);
});
