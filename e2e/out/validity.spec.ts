import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { home } from '../../content/home';
import { site } from '../../content/site';
import { serverErrorPage } from '../../scripts/build/server-error-page';
import { textOf } from '../../scripts/shared/html';
import { BuiltPage } from '../support/built-page';
import { htmlErrors } from '../support/html-checker';

/**
 * What must hold for the build and the documents to be valid: the exported pages pass the W3C
 * checker, and everything they reference resolves; the README and docs/ link only to what exists,
 * and every file, folder and npm script they name in code is there, read from their text and the
 * disk, so that a rename cannot leave them behind.
 */

const htmlFiles = readdirSync('out').filter((file) => file.endsWith('.html'));
const siteUrl = new URL(site.url);

/**
 * Links that lead nowhere on purpose: the brief's placeholder anchors ('#'), and the '404 Error'
 * button's address, which exists to show the not-found page.
 */
const DELIBERATELY_MISSING = ['#', home.brokenLink.href];

test('the W3C Nu HTML checker finds no error in any page, nginx’s error page included', async () => {
  test.setTimeout(60_000);
  const files = [...htmlFiles.map((file) => path.join('out', file)), serverErrorPage.file];
  const messages = await htmlErrors(files);
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

/**
 * A document's code, with its line: each inline code span, and each line of a fenced block, as
 * written. Commands and files named there are ones a reader types or opens.
 */
function codeOf(markdown: string): Array<{ code: string; line: number }> {
  const prose = proseOf(markdown);
  return markdown.split('\n').flatMap((text, index) => {
    const line = index + 1;
    // proseOf blanks a fenced line whole, fence markers included, and leaves every other line.
    if (prose[index] === '' && text !== '') {
      return /^\s*(`{3,}|~{3,})/.test(text) ? [] : [{ code: text, line }];
    }
    return [...text.matchAll(/(`+)((?:(?!\1).)+)\1/g)].map((match) => ({ code: match[2]!, line }));
  });
}

/** npm's own commands that the documents name; any other `npm x` must be a script. */
const NPM_COMMANDS = ['install', 'ci'];
/** The commands that npm runs as the package's script of the same name, without `run`. */
const NPM_SCRIPT_COMMANDS = ['start', 'test', 'stop', 'restart'];

/**
 * Each npm command written in a piece of code, as the script it runs and the package.json that
 * holds it (`--prefix folder` moves it), or as npm's own command.
 */
function npmCommandsIn(code: string): Array<{ command: string; script?: string; folder: string }> {
  // Shell operators, comments and the bracket or comma of a sentence end a command; the words after
  // `npm` up to there are its own.
  return [...code.matchAll(/(?:^|[\s(])npm\s+([^;&|#`),]*)/g)].map((match) => {
    const words = match[1]!.trim().split(/\s+/);
    const prefixAt = words.indexOf('--prefix');
    const folder = prefixAt === -1 ? '.' : words[prefixAt + 1]!;
    const [command = '', ...rest] = words.filter(
      (word, index) => !word.startsWith('-') && (prefixAt === -1 || index !== prefixAt + 1),
    );
    const script = ['run', 'run-script'].includes(command)
      ? rest[0]
      : NPM_SCRIPT_COMMANDS.includes(command)
        ? command
        : undefined;
    return { command, ...(script !== undefined && { script }), folder };
  });
}

for (const file of markdownFiles) {
  test(`every npm command in the code of ${file} runs a script of its package.json`, () => {
    const commands = codeOf(readFileSync(file, 'utf8')).flatMap(({ code, line }) =>
      npmCommandsIn(code).map((command) => ({ ...command, where: `${file}:${line} ${code}` })),
    );
    const wrong = commands.flatMap(({ command, script, folder, where }) => {
      if (script === undefined) {
        return NPM_COMMANDS.includes(command) ? [] : [`${where}: npm ${command} is no npm command`];
      }
      const manifest = path.join(folder, 'package.json');
      const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        scripts?: Record<string, string>;
      };
      return script in scripts ? [] : [`${where}: ${manifest} has no script ${script}`];
    });
    expect(wrong).toEqual([]);
  });
}

/** The folders of the repository whose files the documents name by their whole path. */
const PATH_FOLDERS = [
  'app',
  'components',
  'content',
  'deploy',
  'docs',
  'e2e',
  'lib',
  'public',
  'scripts',
  'tools',
  '.ci',
  // Built by `npm run build`; this project runs on a fresh build, so its files are there.
  'out',
];
/** The root's configuration files, which the documents name without a folder. */
const ROOT_FILE =
  /^(\.nvmrc|\.npmrc|package(-lock)?\.json|tsconfig[\w.-]*\.json|[\w-]+\.config\.\w+)$/;
/** Files of the repository named by their name alone, or by the end of their path. */
const SOURCE_FILE = /^[\w-][\w./-]*\.(ts|tsx|mjs|css|jsonc?|md|sh|template)$/;
/** Files named in code that are not meant to exist in the repository, each with its reason. */
const NOT_IN_THE_REPOSITORY = {
  // Walkthrough 2 of testing.md has the reader create them.
  'components/sections/reasons.tsx': 'a file the walkthrough creates',
  'components/sections/reasons.module.css': 'a file the walkthrough creates',
  // Cloudflare's file, which wrangler downloads and the local server turns off.
  'cf.json': "Cloudflare's own file",
  // The smoke tests' report in words, which each run writes (docs/testing.md, "Smoke tests").
  'smoke-report/summary.md': 'a file each smoke run writes',
  // The attestation's bundle, which deploy.yml attaches to each GitHub release (docs/deploying.md).
  'provenance.sigstore.json': 'a file each release carries',
};
/** Folders that hold no file a document names: installed packages, caches and reports. */
const NOT_SEARCHED = ['**/node_modules', '.git', '.next', '.cache', '**/.wrangler', 'test-results'];

/**
 * The files and folders that a piece of code names: a word that starts with a folder of the
 * repository (`content/site.ts`, `e2e/browser/`, `docs/*.md`), a root configuration file, or the
 * name of a source file (`hero.tsx`, `status/island-elements.tsx`) alone. A `:line:column` after a file, and
 * the punctuation of a sentence, are left off; a wildcard such as `<hash>` matches any name.
 */
function pathsIn(code: string): string[] {
  return code
    .split(/\s+/)
    .map((word) => word.replace(/[,;.)]+$/, '').replace(/(:\d+)+$/, ''))
    .filter(
      (word) =>
        PATH_FOLDERS.some((folder) => word === folder || word.startsWith(`${folder}/`)) ||
        ROOT_FILE.test(word) ||
        SOURCE_FILE.test(word),
    );
}

/** Whether a path, a glob or the end of a path names at least one file or folder on disk. */
function exists(name: string): boolean {
  const pattern = name.replace(/<[^>]+>/g, '*');
  const isWhole =
    PATH_FOLDERS.some((folder) => pattern === folder || pattern.startsWith(`${folder}/`)) ||
    ROOT_FILE.test(pattern);
  return globSync(isWhole ? pattern : `**/${pattern}`, { exclude: NOT_SEARCHED }).length > 0;
}

for (const file of markdownFiles) {
  test(`every file and folder named in the code of ${file} exists`, () => {
    const named = codeOf(readFileSync(file, 'utf8')).flatMap(({ code, line }) =>
      pathsIn(code).map((name) => ({ name, line })),
    );
    const missing = named
      .filter(({ name }) => !(name in NOT_IN_THE_REPOSITORY) && !exists(name))
      .map(({ name, line }) => `${file}:${line} ${name}`);
    expect(missing).toEqual([]);
    expect(named.length).toBeGreaterThan(0);
  });
}

test("every folder and file of the README's project layout exists", () => {
  // The layout is the fenced block under its heading; each line that starts at the margin names a
  // folder or file in its first word, and the lines indented under it go on describing it.
  const readme = readFileSync('README.md', 'utf8');
  const [, layout = ''] = /^## Project layout\n[^]*?^```\w*\n([^]*?)^```/m.exec(readme) ?? [];
  const listed = layout
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s/)[0]!);
  expect(listed.filter((name) => !existsSync(name))).toEqual([]);
  expect(listed.length).toBeGreaterThan(10);
});
