import { expect, test } from '@playwright/test';
import {
  expectedLine,
  placeAfter,
  scratchProject,
  type ContentEdit,
} from '../../support/content-check';

/**
 * The content check run as a command, as GitHub Actions and `npm run build` run it, in a scratch
 * copy of the project: the annotations it writes on GitHub Actions, and that a slip stops the build
 * before Next.js runs, which the in-process cases cannot prove.
 */

/** How long one spawned run of the check may take on a busy two-core machine (7 s measured). */
const CHECK_RUN_TIMEOUT = 15_000;
/** How long `npm run build` in a scratch copy may take when the content check stops it first. */
const STOPPED_BUILD_TIMEOUT = 60_000;

test('on GitHub Actions, each problem is an error annotation on its line, each placeholder a warning', async () => {
  test.setTimeout(4 * CHECK_RUN_TIMEOUT);
  using copy = scratchProject(['content', 'public']);
  const github = { GITHUB_ACTIONS: 'true' };
  /** Where an annotation must point: the file, and the place of a text in it after the edits. */
  const annotated = (edits: ContentEdit[], at: string, file: string) => {
    const { line, column } = placeAfter(edits, { at, file });
    return `file=${file},line=${line},col=${column}`;
  };

  const clean = await copy.check(github);
  expect(clean.code).toBe(0);
  // It counts the files it read; a section is a part of a page, which editors would count instead.
  expect(clean.output).toContain('content:check: 9 content files OK');
  expect(clean.output).toContain(
    `::warning ${annotated([], 'generalEmail:', 'content/contact.ts')},title=content check::contact.generalEmail: southafrica.privatebank@example.com is an example address`,
  );

  const htmlTag: ContentEdit = {
    file: 'content/home.ts',
    find: "lead: 'The page",
    replace: "lead: 'The <strong>page</strong>",
  };
  copy.edit(htmlTag);
  const afterHtmlTag = await copy.check(github);
  expect(afterHtmlTag.code).toBe(1);
  const says = 'home.lead: has the HTML tag <strong>: texts are plain, so write the words alone';
  expect(afterHtmlTag.output).toContain(
    `::error ${annotated([htmlTag], 'lead:', htmlTag.file)},title=content check::${says}`,
  );
  expect(afterHtmlTag.output).toContain(expectedLine(htmlTag, { at: 'lead:', says }));
  expect(afterHtmlTag.output).not.toMatch(/\n\s+at |error TS\d|Error:/);

  const backquotes: ContentEdit = {
    file: 'content/south-africa.ts',
    find: "title: 'South Africa',",
    replace: 'title: `South ${name}`,',
  };
  copy.edit(backquotes);
  const afterBackquotes = await copy.check(github);
  expect(afterBackquotes.output).toContain(
    `::error ${annotated([backquotes], '`South', backquotes.file)},title=content check::southAfrica.title: is in backquotes`,
  );
  expect(afterBackquotes.output).not.toMatch(/\n\s+at |error TS\d|Error:|ReferenceError/);

  const local = await copy.check({ GITHUB_ACTIONS: '' });
  expect(local.output).not.toContain('::error');
});

test('a bad edit stops `npm run build` before Next.js runs, in one line and no stack trace', async () => {
  test.setTimeout(STOPPED_BUILD_TIMEOUT);
  using copy = scratchProject();
  const badTime: ContentEdit = {
    file: 'content/contact.ts',
    find: "opens: '09:00'",
    replace: "opens: '9am'",
  };
  copy.edit(badTime);
  const build = await copy.build();
  expect(build.code).toBe(1);
  expect(build.output).toContain(
    expectedLine(badTime, {
      at: 'opens:',
      says: 'contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
    }),
  );
  expect(build.output).not.toMatch(/\n\s+at |error TS\d|Next\.js/);
});
