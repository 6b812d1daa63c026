import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { contentSchema } from '../../content/schema';
import {
  description,
  emailAddress,
  expiry,
  linkAddress,
  missingPageAddress,
  phoneNumber,
  publicImage,
  registrationNumber,
  securityContact,
  siteAddress,
  year,
} from '../../content/schema/field-kinds';
import { loadContent } from '../../scripts/build/check-content';
import {
  checkAfter,
  expectCheck,
  expectedLine,
  lineIn,
  placeAfter,
  scratchProject,
  type ContentCase,
  type ContentEdit,
} from '../support/content-check';

/**
 * The content check, case by case: each slip an editor might make, made in the source of a content
 * file, and the lines the check must print for it, place included. Every case goes through the one
 * harness in e2e/support/content-check.ts; adding a case is adding a row to one of the tables below.
 * Only three tests spawn the check or a build, to prove what the in-process cases cannot: the
 * annotations on GitHub Actions, that a slip stops the build, and that legitimate edits reach pages.
 */

/** How long one spawned run of the check may take on a busy two-core machine (7 s measured). */
const CHECK_RUN_TIMEOUT = 15_000;
/** How long `npm run build` in a scratch copy may take when the content check stops it first. */
const STOPPED_BUILD_TIMEOUT = 60_000;
/** How long a whole `npm run build` in a scratch copy may take (about a minute measured). */
const FULL_BUILD_TIMEOUT = 180_000;

test('the content as committed passes, and lists what to replace before going live', () => {
  const { errors, goLive } = checkAfter([]);
  expect(errors).toEqual([]);
  // The places of the go-live lines are the cases' concern: here, the list and its words.
  expect(goLive.map((line) => line.replace(/:\d+:\d+ /, ' '))).toEqual(
    expect.arrayContaining([
      'content/contact.ts  contact.generalEmail: southafrica.privatebank@example.com is an example address',
      "content/contact.ts  contact.helpPhone: +44 20 7946 0123 is from Ofcom's drama range",
      'content/navigation.ts  navigation.logIn.href: # is a placeholder link that goes nowhere',
      'content/security-txt.ts  securityTxt.contact: mailto:security@example.com is an example address',
      'content/site.ts  site.url: https://private-bank.example.com is an example address',
      "content/legal.ts  legal.fspNumber: 00000 is a placeholder: write the bank's registered number",
      "content/legal.ts  legal.firmReference: 000000 is a placeholder: write the bank's registered number",
      ...['privacy', 'paia', 'complaints', 'cookies', 'accessibility'].map(
        (name) =>
          `content/legal.ts  legal.links.${name}.href: # is a placeholder link that goes nowhere`,
      ),
    ]),
  );
});

// The slow tests (those that spawn the check or a build, and the hover one) come first: Playwright
// hands tests to its workers in file order, so they start at once and run beside the quick cases,
// not after them.

test("the editor's legitimate edits pass the check and the build, and their words reach the pages", async () => {
  test.setTimeout(FULL_BUILD_TIMEOUT);
  using copy = scratchProject();
  copy.edit(legitimateEdits.flatMap((c) => c.edit));
  const build = await copy.build();
  expect(build.code, build.output).toBe(0);
  const page = (file: string) => readFileSync(path.join(copy.dir, 'out', file), 'utf8');
  expect(page('index.html')).toContain('🌍 👨‍👩‍👧 Families &amp; trusts / foundations welcome.');
  const southAfrica = page('south-africa.html');
  expect(southAfrica).toContain(
    'href="mailto:onlinebanking@example.com?subject=Log%20in%20help&amp;body=Hello"',
  );
  expect(southAfrica).toMatch(/href="tel:\+27115550100">\+27 11 555 0100</);
  expect(southAfrica).toMatch(/href="tel:\+12125550147">\+1 212 555 0147</);
  // The hours are a sentence of several elements: compare the text a visitor reads.
  expect(southAfrica.replace(/<!--.*?-->|<[^>]+>/g, '')).toContain(
    '09:00 to 17:00 Africa/Johannesburg, Monday to Friday (09:00 to 17:00 in Johannesburg)',
  );
});

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

test('every field of every content file explains itself when an editor hovers it', () => {
  const { options } = ts.parseJsonConfigFileContent(
    ts.readConfigFile('tsconfig.json', ts.sys.readFile).config,
    ts.sys,
    '.',
  );
  const files = loadContent().files.map((file) => path.resolve(file.file));
  // An editor's hover is the TypeScript language service's quick info: ask it, field by field.
  const service = ts.createLanguageService({
    ...ts.sys,
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    getScriptFileNames: () => [...new Set(files)],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      ts.sys.fileExists(file)
        ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8'))
        : undefined,
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
  });
  const fields: string[] = [];
  const undocumented: string[] = [];
  const visit = (file: string) => (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const hover = service.getQuickInfoAtPosition(file, node.name.getStart());
      fields.push(node.name.getText());
      if (!hover?.documentation?.length)
        undocumented.push(`${path.relative('.', file)}: ${node.name.getText()}`);
    }
    ts.forEachChild(node, visit(file));
  };
  for (const file of new Set(files))
    ts.forEachChild(service.getProgram()!.getSourceFile(file)!, visit(file));
  expect(undocumented).toEqual([]);
  expect(fields.length).toBeGreaterThan(100);
});

/** A 60-letter word, longer than any English one, which every kind of text must still accept. */
const LONG_WORD = 'Kestrelbankprivatebankingforfamilyofficesacrosssouthernafric';
test('the long word the texts must accept has 60 letters', () =>
  expect(LONG_WORD).toHaveLength(60));

/** Slips in a field's value: the wrong type, or a broken rule of the schema or content-rules.ts. */
const valueSlips: ContentCase[] = [
  {
    name: 'a deleted required field',
    edit: {
      file: 'content/south-africa.ts',
      find: "      heading: 'Personal service from a global team',\n",
      replace: '',
    },
    errors: [
      {
        at: "{\n      id: 'personal-service'",
        says: "southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'a misspelt field name, placed where it is written, the missing one at its group',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service",
      replace: "headng: 'Personal service",
    },
    errors: [
      {
        at: "{\n      id: 'personal-service'",
        says: "southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'",
      },
      {
        at: 'headng:',
        says: 'southAfrica.sections[0].headng: is not a field here: did you mean heading?',
      },
    ],
  },
  {
    name: 'a number where text belongs',
    edit: { file: 'content/home.ts', find: /title: '[^']*'/, replace: 'title: 404' },
    errors: [
      {
        at: 'title:',
        says: "home.title: is a number (404), but must be text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'text where a number belongs',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025',
      replace: "copyrightYear: '2025'",
    },
    errors: [
      {
        at: 'copyrightYear:',
        says: 'home.copyrightYear: is text ("2025"), but must be a number without quotes, like 2025',
      },
    ],
  },
  {
    name: 'a link to a page that does not exist',
    edit: {
      file: 'content/south-africa.ts',
      find: "href: '/' }",
      replace: "href: '/south-afrika' }",
    },
    errors: [
      {
        at: "href: '/south-afrika'",
        says: 'southAfrica.parent.href: "/south-afrika" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'a link to a section that does not exist',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: '/south-africa#no-such-section'",
    },
    errors: [
      {
        at: "href: '/south-africa#no-such-section'",
        says: 'navigation.service[0].href: "/south-africa#no-such-section" names no section of /south-africa: write one of #main #personal-service #right-service #contact #become-a-client #existing-clients #important-information',
      },
    ],
  },
  {
    name: 'an e-mail link without a valid address',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: 'mailto:someone'",
    },
    errors: [
      {
        at: "href: 'mailto:someone'",
        says: 'navigation.service[0].href: "mailto:someone" is no e-mail link: write it like mailto:name@bank.co.za',
      },
    ],
  },
  {
    name: 'a phone link without a valid number',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'About us', href: '#'",
      replace: "label: 'About us', href: 'tel:12'",
    },
    errors: [
      {
        at: "href: 'tel:12'",
        says: 'navigation.service[1].href: "tel:12" is no phone link: write it like tel:+27115550100',
      },
    ],
  },
  {
    name: 'a time that is not HH:MM',
    edit: { file: 'content/contact.ts', find: "opens: '09:00'", replace: "opens: '9am'" },
    errors: [
      {
        at: 'opens:',
        says: 'contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
      },
    ],
  },
  {
    name: 'closing before opening',
    edit: { file: 'content/contact.ts', find: "closes: '17:00'", replace: "closes: '08:00'" },
    errors: [
      {
        at: 'closes:',
        says: 'contact.hours.closes: is not after opens: the team must open before it closes',
      },
    ],
  },
  {
    name: 'a language that is not a BCP 47 tag',
    edit: { file: 'content/site.ts', find: "language: 'en-GB'", replace: "language: 'english'" },
    errors: [
      {
        at: 'language:',
        says: 'site.language: "english" is not a language tag: write it like en-GB',
      },
    ],
  },
  {
    name: 'a copyright year out of range',
    edit: {
      file: 'content/not-found.ts',
      find: /copyrightYear: \d+/,
      replace: 'copyrightYear: 20245',
    },
    errors: [
      {
        at: 'copyrightYear:',
        says: `notFound.copyrightYear: is no year from 1991 to ${new Date().getFullYear() + 1}`,
      },
    ],
  },
  {
    name: 'a meta description longer than search results show',
    edit: {
      file: 'content/south-africa.ts',
      find: "'Offshore private, investment",
      replace: `'${'Offshore banking. '.repeat(3)}Offshore private, investment`,
    },
    errors: [
      {
        at: 'description:',
        says: 'southAfrica.description: is longer than the 160 letters search results show',
      },
    ],
  },
  {
    name: "a description that fits only until the bank's name fills it in",
    edit: [
      {
        file: 'content/home.ts',
        find: /'\{name\} \{division\}:[^']*'/,
        replace: `'{name} {division} ${'o'.repeat(160 - 18)}'`,
      },
      {
        file: 'content/site.ts',
        find: "name: 'Kestrel Bank'",
        replace: "name: 'A bank with a long name'",
      },
    ],
    errors: [
      {
        at: 'description:',
        says: 'home.description: is longer than the 160 letters search results show',
      },
    ],
  },
  {
    name: 'a link to a section the homepage does not have',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: '/#rates'",
    },
    errors: [
      {
        at: "href: '/#rates'",
        says: 'navigation.service[0].href: "/#rates" names no section of /: write one of #main',
      },
    ],
  },
  {
    name: 'an image without a size',
    edit: { file: 'content/south-africa.ts', find: 'width: 1600', replace: 'width: 0' },
    errors: [{ at: 'width:', says: 'southAfrica.hero.width: must be a number of pixels above 0' }],
  },
  {
    name: 'a malformed phone number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'0808 157 019'" },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone: "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192',
      },
    ],
  },
  {
    name: 'a malformed e-mail address',
    edit: {
      file: 'content/contact.ts',
      find: "'onlinebanking@example.com'",
      replace: "'onlinebanking@'",
    },
    errors: [
      {
        at: 'onlineBankingEmail:',
        says: 'contact.onlineBankingEmail: "onlinebanking@" is not an e-mail address: write it like name@bank.co.za',
      },
    ],
  },
  {
    name: 'an empty heading',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service from a global team'",
      replace: "heading: '  '",
    },
    errors: [
      { at: "heading: '  '", says: 'southAfrica.sections[0].heading: is empty: write the text' },
    ],
  },
  {
    name: 'an unsafe javascript: link',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'About us', href: '#'",
      replace: "label: 'About us', href: 'javascript:alert(1)'",
    },
    errors: [
      {
        at: "href: 'javascript:",
        says: 'navigation.service[1].href: "javascript:alert(1)" is no safe link: write a path on this site or an https:// address',
      },
    ],
  },
  {
    name: 'a link to another site without https',
    edit: {
      file: 'content/home.ts',
      find: "href: '/south-africa'",
      replace: "href: '//evil.example'",
    },
    errors: [
      {
        at: "href: '//evil.example'",
        says: 'home.officeLink.href: "//evil.example" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'a section id without its page',
    edit: { file: 'content/home.ts', find: "href: '/south-africa'", replace: "href: '#contact'" },
    errors: [
      {
        at: "href: '#contact'",
        says: 'home.officeLink.href: "#contact" names no page: write it like /south-africa#contact',
      },
    ],
  },
  {
    name: 'a misspelt placeholder',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{minimumPortfolo}, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1]: uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
      },
    ],
  },
  {
    name: "the bank's name written where {name} belongs",
    edit: {
      file: 'content/site.ts',
      find: "logoAccessibleName: '{name} {division}",
      replace: "logoAccessibleName: 'Kestrel Bank",
    },
    errors: [
      {
        at: 'logoAccessibleName:',
        says: "site.logoAccessibleName: must start with '{name} {division}', the words the logo shows",
      },
    ],
  },
  {
    name: 'a navigation id that is not in the main navigation',
    edit: {
      file: 'content/south-africa.ts',
      find: "navigationId: 'locations'",
      replace: "navigationId: 'location'",
    },
    errors: [
      {
        at: "navigationId: 'location'",
        says: 'southAfrica.navigationId: "location" is not the id of an item of navigation.main',
      },
    ],
  },
  {
    name: 'a current group site that is not in the group',
    edit: {
      file: 'content/navigation.ts',
      find: "groupCurrent: 'private-bank'",
      replace: "groupCurrent: 'private'",
    },
    errors: [
      {
        at: 'groupCurrent:',
        says: 'navigation.groupCurrent: "private" is not the id of an item of navigation.group',
      },
    ],
  },
  {
    name: 'two sections with the same id',
    edit: {
      file: 'content/south-africa.ts',
      find: "id: 'right-service'",
      replace: "id: 'personal-service'",
    },
    errors: [
      {
        at: "id: 'personal-service',\n      heading: 'Personal",
        says: 'southAfrica.sections[0].id: is the id of another section too: give each its own',
      },
      {
        at: "id: 'personal-service',\n      heading: 'Creating",
        says: 'southAfrica.sections[1].id: is the id of another section too: give each its own',
      },
    ],
  },
  {
    name: 'an id with capitals and spaces',
    edit: {
      file: 'content/south-africa.ts',
      find: "id: 'important-information'",
      replace: "id: 'Important information'",
    },
    errors: [
      {
        at: "id: 'Important",
        says: 'southAfrica.important.id: "Important information" is not lower-case words with dashes: write it like contact-us',
      },
    ],
  },
  {
    name: 'a time zone that does not exist',
    edit: {
      file: 'content/contact.ts',
      find: /timeZone: '[^']*'/,
      replace: "timeZone: 'South Africa'",
    },
    errors: [
      {
        at: 'timeZone:',
        says: 'contact.hours.timeZone: "South Africa" is not a time zone: write it like Africa/Johannesburg',
      },
    ],
  },
  {
    name: 'a day that is not a weekday name',
    edit: { file: 'content/contact.ts', find: "from: 'Monday'", replace: "from: 'Mon'" },
    errors: [
      {
        at: 'from:',
        says: 'contact.hours.from: is text ("Mon"), not one of Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday',
      },
    ],
  },
  {
    name: 'a country that is not a two-letter code',
    edit: { file: 'content/south-africa.ts', find: "country: 'ZA'", replace: "country: 'RSA'" },
    errors: [
      {
        at: 'country:',
        says: 'southAfrica.office.country: "RSA" is not a two-letter country code: write it like ZA',
      },
    ],
  },
  {
    name: 'an image missing from public/',
    edit: {
      file: 'content/south-africa.ts',
      find: /src: '[^']*'/,
      replace: "src: '/images/hero.png'",
    },
    errors: [
      {
        at: 'src:',
        says: 'southAfrica.hero.src: "/images/hero.png" is not in public/: write it like /images/a.svg',
      },
    ],
  },
  {
    name: 'one online banking line instead of two',
    edit: {
      file: 'content/contact.ts',
      find: /onlineBankingLines: \[[^\]]*\]/,
      replace: "onlineBankingLines: [{ label: 'UK', phone: '0808 157 0192' }]",
    },
    errors: [
      {
        at: 'onlineBankingLines:',
        says: 'contact.onlineBankingLines: is a list ([{"label":"UK","phone":"0808 157 0192"}]), but must have 2 items',
      },
    ],
  },
  {
    name: 'a link inside a paragraph without its address',
    edit: {
      file: 'content/south-africa.ts',
      find: "{ label: 'banking', href: '#' }",
      replace: "{ label: 'banking' }",
    },
    errors: [
      {
        at: "{ label: 'banking' }",
        says: "southAfrica.sections[1].paragraphs[0][1].href: is missing: add text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'a paragraph that is neither text nor a list',
    edit: { file: 'content/south-africa.ts', find: /'Calls to 0800[^']*'/, replace: '42' },
    errors: [
      {
        at: '42,',
        says: "southAfrica.important.paragraphs[0]: must be text, or a list of texts and links: ['See our ', { label: 'a', href: '/' }]",
      },
    ],
  },
  {
    name: "a regulator's name abbreviated in the UK status line",
    edit: { file: 'content/legal.ts', find: 'Financial Conduct Authority', replace: 'FCA' },
    errors: [
      {
        at: 'ukStatus:',
        says: 'legal.ukStatus: must say "Financial Conduct Authority", as the regulations word it',
      },
      {
        at: 'ukStatus:',
        says: "legal.ukStatus: abbreviates a regulator's name (FCA): write the name in full",
      },
    ],
  },
  {
    name: 'an offshore line without its deposit scheme',
    edit: {
      file: 'content/legal.ts',
      find: ' Eligible deposits are protected by the Jersey Bank Depositors Compensation Scheme.',
      replace: '',
    },
    errors: [
      {
        at: 'jersey:',
        says: 'legal.jersey: must say "Jersey Bank Depositors Compensation Scheme", as the regulations word it',
      },
    ],
  },
  {
    name: 'complaints that do not name the FAIS Ombud',
    edit: {
      file: 'content/legal.ts',
      find: /complaints:\s*'If we[^']*'/,
      replace: "complaints: 'You may refer your complaint to the ombudsman.'",
    },
    errors: [
      {
        at: "complaints: 'You",
        says: 'legal.complaints: must say "Ombud for Financial Services Providers", as the regulations word it',
      },
    ],
  },
  {
    name: 'a licence statement without its FSP number',
    edit: { file: 'content/legal.ts', find: ' (FSP No. {fspNumber})', replace: '' },
    errors: [
      {
        at: 'licence:',
        says: 'legal.licence: must say "FSP No. {fspNumber}", as the regulations word it',
      },
    ],
  },
  {
    name: 'a deleted content file',
    edit: { file: 'content/error-page.ts', deleteFile: true },
    errors: [
      {
        at: '',
        says: 'errorPage: is missing: add a group in braces, like { label: …, href: … }',
      },
    ],
  },
];

/** Slips from HTML, Markdown, code or a pasted document, and the shape of a content file itself. */
const writingSlips: ContentCase[] = [
  {
    name: 'an HTML tag in a text',
    edit: {
      file: 'content/home.ts',
      find: "lead: 'The page",
      replace: "lead: 'The <strong>page</strong>",
    },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the HTML tag <strong>: texts are plain, so write the words alone',
      },
    ],
  },
  {
    name: "an HTML tag in a picture's description, which may be blank",
    edit: {
      file: 'content/south-africa.ts',
      find: "alt: '',",
      replace: "alt: 'Johannesburg at <b>dusk</b>',",
    },
    errors: [
      {
        at: 'alt:',
        says: 'southAfrica.hero.alt: has the HTML tag <b>: texts are plain, so write the words alone',
      },
    ],
  },
  {
    name: 'a Markdown link in a paragraph',
    edit: {
      file: 'content/south-africa.ts',
      find: "'We have served Africa",
      replace: "'We have [served](https://example.com/x) Africa",
    },
    errors: [
      {
        at: "'We have [served]",
        says: "southAfrica.intro[0]: has the Markdown link [served](https://example.com/x): in a paragraph, write ['…', { label: 'served', href: 'https://example.com/x' }, '…']; elsewhere, the words alone",
      },
    ],
  },
  {
    name: 'Markdown emphasis with asterisks',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '**The** page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the Markdown emphasis **The**: texts are plain, so write The',
      },
    ],
  },
  {
    name: 'Markdown emphasis with underscores',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '_The_ page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the Markdown emphasis _The_: texts are plain, so write The',
      },
    ],
  },
  {
    name: 'a Markdown heading',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service",
      replace: "heading: '## Personal service",
    },
    errors: [
      {
        at: "heading: '## Personal",
        says: 'southAfrica.sections[0].heading: starts with a Markdown heading mark (#): write the words alone; headings have fields of their own',
      },
    ],
  },
  {
    name: 'a Markdown list item',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '- The page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: starts like a Markdown list item: write each point as a text of its own, without the mark',
      },
    ],
  },
  {
    name: 'a placeholder with spaces',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{ minimumPortfolio }, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1]: writes { minimumPortfolio } with spaces: write {minimumPortfolio}',
      },
    ],
  },
  {
    name: 'a placeholder without its closing brace',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{minimumPortfolio, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1]: has a brace without its pair: braces only mark the values the site fills in (this text offers {minimumPortfolio} {licence} {complaints})',
      },
    ],
  },
  {
    name: 'a placeholder with a $',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '${minimumPortfolio}, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1]: has ${: a value the site fills in is written {name}, without $ (this text offers {minimumPortfolio} {licence} {complaints})',
      },
    ],
  },
  {
    name: 'a template literal with ${…}',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: 'title: `South ${name}`,',
    },
    errors: [
      {
        at: '`South',
        says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'; for a value the site fills in, write {name}, without $",
      },
    ],
  },
  {
    name: 'a template literal without ${…}',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: 'title: `South Africa`,',
    },
    errors: [
      {
        at: '`South',
        says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'",
      },
    ],
  },
  {
    name: 'a field written twice',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: "title: 'South Africa',\n  title: 'Again',",
    },
    errors: [
      {
        at: "title: 'Again'",
        says: `southAfrica.title: is written twice, here and on line ${lineIn('content/south-africa.ts', "title: 'South Africa'")}: keep one`,
      },
    ],
  },
  {
    name: 'a value computed in code',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025,',
      replace: 'copyrightYear: new Date().getFullYear(),',
    },
    errors: [
      {
        at: 'new Date',
        says: 'home.copyrightYear: is new Date().getFullYear(), which is not plain data: write text in quotes, a number, a list [ … ] or a group { … }',
      },
    ],
  },
  {
    name: 'a deleted import type line',
    edit: {
      file: 'content/home.ts',
      find: "import type { Content } from './schema';\n",
      replace: '',
    },
    errors: [
      {
        at: '',
        says: "home: the content needs its types from the schema: add it as the first line: import type { Content } from './schema';",
      },
    ],
  },
  {
    name: 'an import without type',
    edit: { file: 'content/home.ts', find: 'import type {', replace: 'import {' },
    errors: [
      {
        at: 'import',
        says: "home: the content needs its types from the schema: write it exactly: import type { Content } from './schema';",
      },
    ],
  },
  {
    name: 'a missing satisfies',
    edit: { file: 'content/home.ts', find: "} satisfies Content['home'];", replace: '};' },
    errors: [
      {
        at: '};',
        says: "home: after the closing brace write satisfies Content['home'], which checks the content as you type",
      },
    ],
  },
  {
    name: 'a statement a content file does not need',
    edit: {
      file: 'content/home.ts',
      find: 'export const home',
      replace: 'const year = 2025;\nexport const home',
    },
    errors: [
      {
        at: 'const year',
        says: 'home: only the import and the export belong in a content file: remove this',
      },
    ],
  },
  {
    name: 'an export that may change (let)',
    edit: { file: 'content/home.ts', find: 'export const home', replace: 'export let home' },
    errors: [
      {
        at: 'export let',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'a second value declared with the export',
    edit: {
      file: 'content/home.ts',
      find: "} satisfies Content['home'];",
      replace: "} satisfies Content['home'],\n  year = 2025;",
    },
    errors: [
      {
        at: 'export const',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'an export under another name',
    edit: { file: 'content/home.ts', find: 'export const home', replace: 'export const homePage' },
    errors: [
      {
        at: 'export const',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'a zero-width space in a phone number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'0808 157\u200b0192'" },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone: has a zero-width space (U+200B) after "0808 157": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a soft hyphen in an e-mail address',
    edit: { file: 'content/contact.ts', find: "'onlinebanking@", replace: "'online\u00adbanking@" },
    errors: [
      {
        at: 'onlineBankingEmail:',
        says: 'contact.onlineBankingEmail: has a soft hyphen (U+00AD) after "online": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a tab in a link',
    edit: { file: 'content/south-africa.ts', find: "href: '/' }", replace: "href: '/\t' }" },
    errors: [
      {
        at: "href: '/\t'",
        says: 'southAfrica.parent.href: has a tab (U+0009) after "/": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a zero-width space in a text',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: 'The\u200b page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has a zero-width space (U+200B) after "The": delete it (it may come from copying out of a document)',
      },
    ],
  },
];

/**
 * Typing slips the TypeScript parser finds, each in the check's words, never the parser's: placed
 * where the slip is typed, or at the name of the group left open.
 */
const typingSlips: ContentCase[] = [
  {
    name: 'a missing comma',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: "title: 'South Africa'",
    },
    errors: [
      {
        at: 'description:',
        says: `southAfrica.title: a comma or a closing quote is probably missing just before line ${lineIn('content/south-africa.ts', 'description:')}`,
      },
    ],
  },
  {
    // The parser finds the missing quote at the end of the line, just before the next field.
    name: 'an unclosed quote',
    edit: { file: 'content/south-africa.ts', find: "'Breadcrumb',", replace: "'Breadcrumb," },
    errors: [
      {
        at: '\n  backTo:',
        says: `southAfrica.breadcrumbAccessibleName: the text on line ${lineIn('content/south-africa.ts', "'Breadcrumb',")} has no closing quote: end it as it starts`,
      },
    ],
  },
  {
    // The quote after "We" closes the text; the line points where the rest of the word begins.
    name: 'a straight apostrophe inside a quoted text',
    edit: {
      file: 'content/south-africa.ts',
      find: 'client? We’re here',
      replace: "client? We're here",
    },
    errors: [
      {
        at: 're here to help',
        says: `southAfrica.contact.clients.heading: a comma or a closing quote is probably missing just before line ${lineIn('content/south-africa.ts', 're here to help')}; an apostrophe inside 'quotes' ends the text: write ’ instead`,
      },
    ],
  },
  {
    name: 'curly quotes around a text',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Contact your local team'",
      replace: 'heading: ‘Contact your local team’',
    },
    errors: [
      {
        at: '‘Contact your local team’',
        says: "southAfrica.contact.heading: the text is in curly quotes ‘…’: write straight quotes '…' around it instead",
      },
    ],
  },
  {
    name: 'curly double quotes around a text in a list, with an apostrophe inside',
    edit: {
      file: 'content/south-africa.ts',
      find: /'Our Private Bank supports[^\n]*'/,
      replace: '“Our Private Bank’s clients”',
    },
    errors: [
      {
        at: '“Our Private',
        says: "southAfrica.intro[1]: the text is in curly quotes “…”: write straight quotes '…' around it instead",
      },
    ],
  },
  {
    name: 'a doubled comma',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something went wrong',",
      replace: "title: 'Oops! Something went wrong',,",
    },
    errors: [{ at: ',\n  description:', says: 'home.title: has two commas in a row: delete one' }],
  },
  {
    name: 'a doubled comma in a list',
    edit: {
      file: 'content/south-africa.ts',
      find: "or the local equivalent.',",
      replace: "or the local equivalent.',,",
    },
    errors: [
      {
        at: ',\n  ],\n  sections',
        says: 'southAfrica.intro[2]: is empty between two commas: delete one of the commas',
      },
    ],
  },
  {
    name: 'a semicolon for a comma',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something went wrong',",
      replace: "title: 'Oops! Something went wrong';",
    },
    errors: [
      {
        at: ';\n  description',
        says: 'home.title: ends with a semicolon ;: write a comma , instead',
      },
    ],
  },
  ...['1,600', '1 600'].map((written) => ({
    name: `a number written with a thousands separator (${written})`,
    edit: { file: 'content/south-africa.ts', find: 'width: 1600,', replace: `width: ${written},` },
    errors: [
      {
        at: written,
        says: `southAfrica.hero.width: ${written} is written with a thousands separator: write 1600`,
      },
    ],
  })),
  {
    name: 'a missing colon',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead 'The page" },
    errors: [
      {
        at: 'lead',
        says: "home.lead: has no colon after its name: write it like label: 'Contact us'",
      },
    ],
  },
  {
    name: 'a missing colon before a group',
    edit: { file: 'content/home.ts', find: 'officeLink: {', replace: 'officeLink {' },
    errors: [
      {
        at: 'officeLink',
        says: "home.officeLink: has no colon after its name: write it like label: 'Contact us'",
      },
    ],
  },
  {
    name: 'a missing closing brace',
    edit: {
      file: 'content/south-africa.ts',
      find: "timeZone: 'Africa/Johannesburg',\n  },",
      replace: "timeZone: 'Africa/Johannesburg',",
    },
    errors: [
      {
        at: 'office:',
        says: `southAfrica.office: its group { … } is not closed: write } after its last field, before line ${lineIn('content/south-africa.ts', "navigationId: 'locations'") - 1}`,
      },
    ],
  },
  {
    name: 'a missing closing brace in a group on one line',
    edit: {
      file: 'content/home.ts',
      find: "variant: 'secondary' },",
      replace: "variant: 'secondary',",
    },
    errors: [
      {
        at: 'brokenLink:',
        says: `home.brokenLink: its group { … } is not closed: write } after its last field, before line ${lineIn('content/home.ts', 'copyrightYear:')}`,
      },
    ],
  },
  {
    name: "a missing closing brace before the file's satisfies",
    edit: {
      file: 'content/home.ts',
      find: "} satisfies Content['home'];",
      replace: " satisfies Content['home'];",
    },
    errors: [
      {
        at: "Content['home']",
        says: `home: its group { … } is not closed: write } before satisfies on line ${lineIn('content/home.ts', 'satisfies')}`,
      },
    ],
  },
  {
    name: 'a missing closing bracket',
    edit: {
      file: 'content/south-africa.ts',
      find: "or the local equivalent.',\n  ],",
      replace: "or the local equivalent.',",
    },
    errors: [
      {
        at: 'intro:',
        says: `southAfrica.intro: its list [ … ] is not closed: write ] after its last item, before line ${lineIn('content/south-africa.ts', 'sections:') - 1}`,
      },
    ],
  },
  {
    name: 'a character outside quotes',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025,',
      replace: 'copyrightYear: 2025, #',
    },
    errors: [
      {
        at: '#',
        says: "home.copyrightYear: has # outside quotes: delete it, or put the text in straight quotes '…'",
      },
    ],
  },
  {
    // No message of the parser's own reaches an editor, even for a slip no other message fits.
    name: 'a closing brace too many',
    edit: {
      file: 'content/south-africa.ts',
      find: "timeZone: 'Africa/Johannesburg',\n  },",
      replace: "timeZone: 'Africa/Johannesburg',\n  }},",
    },
    errors: [
      {
        at: '} satisfies',
        says: `southAfrica.office: something is missing or extra just before line ${lineIn('content/south-africa.ts', '} satisfies')}: look there for a comma, a quote, a colon, a brace or a bracket`,
      },
    ],
  },
];

/**
 * Edits an editor may make that must keep passing. A test above builds the site with all of them
 * and finds their words on the pages.
 */
const legitimateEdits: ContentCase[] = [
  {
    name: 'Windows line endings',
    edit: { file: 'content/site.ts', find: '\n', replace: '\r\n', everywhere: true },
    errors: [],
  },
  {
    name: 'a byte-order mark',
    edit: { file: 'content/home.ts', find: 'import type', replace: '\ufeffimport type' },
    errors: [],
  },
  {
    name: 'tabs for indentation',
    edit: { file: 'content/home.ts', find: '  title:', replace: '\ttitle:' },
    errors: [],
  },
  {
    name: 'emoji, & and / in a text',
    edit: {
      file: 'content/home.ts',
      find: "lead: 'The page",
      replace: "lead: '🌍 👨‍👩‍👧 Families & trusts / foundations welcome. The page",
    },
    errors: [],
  },
  {
    name: 'a mailto: link with a subject',
    edit: {
      file: 'content/navigation.ts',
      find: "href: '#'",
      replace: "href: 'mailto:onlinebanking@example.com?subject=Log%20in%20help&body=Hello'",
    },
    errors: [],
  },
  {
    name: 'a South African number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'+27 11 555 0100'" },
    errors: [],
  },
  {
    name: 'another international number',
    edit: { file: 'content/contact.ts', find: "'+44 20 7946 0321'", replace: "'+1 212 555 0147'" },
    errors: [],
  },
  {
    name: 'hours in another IANA time zone',
    edit: {
      file: 'content/contact.ts',
      find: "timeZone: 'UTC'",
      replace: "timeZone: 'Africa/Johannesburg'",
    },
    errors: [],
  },
];

/** Texts the check must accept however they are written, though no page shows them as they are. */
const acceptedTexts: ContentCase[] = [
  {
    name: 'plain paragraphs where a section had a list of texts and links',
    edit: {
      file: 'content/south-africa.ts',
      find: /paragraphs: \[\s*\[\s*'Every client’s[^\]]*\],\s*\],/,
      replace: "paragraphs: ['A plain paragraph.', 'Another one.'],",
    },
    errors: [],
  },
  {
    name: 'a 60-letter word in every kind of text',
    edit: [
      {
        file: 'content/south-africa.ts',
        find: "title: 'South Africa'",
        replace: `title: '${LONG_WORD}'`,
      },
      {
        file: 'content/south-africa.ts',
        find: "heading: 'Personal service from a global team'",
        replace: `heading: '${LONG_WORD}'`,
      },
      {
        file: 'content/south-africa.ts',
        find: /'We have served Africa[^']*'/,
        replace: `'Our ${LONG_WORD} team.'`,
      },
      { file: 'content/home.ts', find: /lead: '[^']*'/, replace: `lead: '${LONG_WORD}'` },
      {
        file: 'content/not-found.ts',
        find: /message: '[^']*'/,
        replace: `message: '${LONG_WORD}'`,
      },
      {
        file: 'content/navigation.ts',
        find: "label: 'What we offer'",
        replace: `label: '${LONG_WORD}'`,
      },
      {
        file: 'content/contact.ts',
        find: "label: 'From the UK'",
        replace: `label: '${LONG_WORD}'`,
      },
    ],
    errors: [],
  },
];

/** The go-live list: placeholders that pass the check but must be replaced before launch. */
const goLiveCases: ContentCase[] = [
  {
    name: 'a share image that shows another name than the content',
    edit: { file: 'content/site.ts', find: "name: 'Kestrel Bank'", replace: "name: 'Osprey Bank'" },
    errors: [],
    goLive: [
      {
        at: "src: '/images/share.png'",
        says: 'site.shareImage.src: /images/share.png was drawn for "Kestrel Bank Private Bank: South Africa", not "Osprey Bank Private Bank: South Africa": run npm run images',
      },
    ],
  },
];

/** The milliseconds in a day. */
const MS_PER_DAY = 86_400_000;
/** security.txt's Expires some days from now, in UTC as RFC 3339 writes it, whole seconds. */
const daysFromNow = (days: number) =>
  new Date(Date.now() + days * MS_PER_DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The edit that sets security.txt's Expires (RFC 9116: the file is stale once it has passed). */
const expires = (value: string): ContentEdit => ({
  file: 'content/security-txt.ts',
  find: /expires: '[^']*'/,
  replace: `expires: '${value}'`,
});
const soon = daysFromNow(10);
const farAhead = daysFromNow(366);
const expiresCases: ContentCase[] = [
  {
    name: 'an Expires in the past stops the check',
    edit: expires('2020-01-01T00:00:00Z'),
    errors: [
      {
        at: 'expires:',
        says: 'securityTxt.expires: 2020-01-01T00:00:00Z has passed, so security.txt is stale: write a date under a year ahead',
      },
    ],
    goLive: [],
  },
  {
    name: 'an Expires 10 days away passes, and is listed to renew before going live',
    edit: expires(soon),
    errors: [],
    goLive: [
      {
        at: 'expires:',
        says: `securityTxt.expires: ${soon} is under 30 days away: write a date under a year ahead before it passes`,
      },
    ],
  },
  {
    name: 'an Expires a year or more away stops the check',
    edit: expires(farAhead),
    errors: [
      {
        at: 'expires:',
        says: `securityTxt.expires: ${farAhead} is a year or more away: write a date under a year ahead`,
      },
    ],
    goLive: [],
  },
  {
    name: 'an Expires 360 days away passes, and is not listed',
    edit: expires(daysFromNow(360)),
    errors: [],
    goLive: [],
  },
  {
    name: 'an Expires 60 days away passes, and is not listed',
    edit: expires(daysFromNow(60)),
    errors: [],
    goLive: [],
  },
  ...['2027-11-23', '2027-02-30T00:00:00Z', '23/11/2027 00:00'].map((notUtc) => ({
    name: `an Expires that is not a date and time in UTC (${notUtc}) stops the check`,
    edit: expires(notUtc),
    errors: [
      {
        at: 'expires:',
        says: `securityTxt.expires: "${notUtc}" is not a date and time in UTC: write it like 2027-11-23T00:00:00Z`,
      },
    ],
  })),
];

/**
 * The content's schema with a field of each kind the check has a rule for, under names no content
 * file uses, so that the cases below show each rule following its kind rather than a field's name.
 */
const schemaWithNewFields = contentSchema.extend({
  home: contentSchema.shape.home.extend({
    partnerPage: linkAddress().optional(),
    retiredPage: missingPageAddress().optional(),
    faxNumber: phoneNumber().optional(),
    pressEmail: emailAddress().optional(),
    mirrorSite: siteAddress().optional(),
    abuseContact: securityContact().optional(),
    reviewedYear: year().optional(),
    bannerSrc: publicImage().optional(),
    summary: description().optional(),
    vatNumber: registrationNumber(/^\d{6}$/, 'a VAT number', '123456').optional(),
    offerEnds: expiry().optional(),
  }),
});
/** The edit that adds one of those fields to the homepage, with the value the editor wrote. */
const newField = (line: string): ContentEdit => ({
  file: 'content/home.ts',
  find: /copyrightYear: \d+,\n/,
  // $& is the text found: the new field goes on the line after the copyright year.
  replace: `$&  ${line},\n`,
});
const kindCases: ContentCase[] = [
  {
    name: 'a link',
    edit: newField("partnerPage: '/nowhere'"),
    errors: [
      {
        at: 'partnerPage:',
        says: 'home.partnerPage: "/nowhere" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'an address meant to be no page',
    edit: newField("retiredPage: '/south-africa'"),
    errors: [
      {
        at: 'retiredPage:',
        says: 'home.retiredPage: "/south-africa" is not a missing page: write it like /gone',
      },
    ],
  },
  {
    name: 'a phone number',
    edit: newField("faxNumber: '0808 157 019'"),
    errors: [
      {
        at: 'faxNumber:',
        says: 'home.faxNumber: "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192',
      },
    ],
  },
  {
    name: 'an e-mail address',
    edit: newField("pressEmail: 'press@example.com'"),
    errors: [],
    goLive: [
      { at: 'pressEmail:', says: 'home.pressEmail: press@example.com is an example address' },
    ],
  },
  {
    name: "a site's address",
    edit: newField("mirrorSite: 'https://mirror.example.org'"),
    errors: [],
    goLive: [
      {
        at: 'mirrorSite:',
        says: 'home.mirrorSite: https://mirror.example.org is an example address',
      },
    ],
  },
  {
    name: 'a security contact',
    edit: newField("abuseContact: 'mailto:abuse@example.net'"),
    errors: [],
    goLive: [
      {
        at: 'abuseContact:',
        says: 'home.abuseContact: mailto:abuse@example.net is an example address',
      },
    ],
  },
  {
    name: 'a year',
    edit: newField('reviewedYear: 1990'),
    errors: [
      {
        at: 'reviewedYear:',
        says: `home.reviewedYear: is no year from 1991 to ${new Date().getFullYear() + 1}`,
      },
    ],
  },
  {
    name: 'an image',
    edit: newField("bannerSrc: '/images/banner.png'"),
    errors: [
      {
        at: 'bannerSrc:',
        says: 'home.bannerSrc: "/images/banner.png" is not in public/: write it like /images/a.svg',
      },
    ],
  },
  {
    name: 'a description',
    edit: newField(`summary: '${'Offshore banking. '.repeat(9)}'`),
    errors: [
      { at: 'summary:', says: 'home.summary: is longer than the 160 letters search results show' },
    ],
  },
  {
    name: 'a registration number',
    edit: newField("vatNumber: '000000'"),
    errors: [],
    goLive: [
      {
        at: 'vatNumber:',
        says: "home.vatNumber: 000000 is a placeholder: write the bank's registered number",
      },
    ],
  },
  {
    name: 'an expiry',
    edit: newField("offerEnds: '2020-01-01T00:00:00Z'"),
    errors: [
      {
        at: 'offerEnds:',
        says: 'home.offerEnds: 2020-01-01T00:00:00Z has passed, so security.txt is stale: write a date under a year ahead',
      },
    ],
  },
].map((kindCase) => ({ ...kindCase, schema: schemaWithNewFields }));

const tables: [string, ContentCase[]][] = [
  ['the check names the file, the field and its place, and says what to write', valueSlips],
  [
    'a slip from HTML, Markdown, code or a pasted document gets its place and what to write',
    writingSlips,
  ],
  ['a typing slip gets the file, line and column and a plain hint', typingSlips],
  ['edits an editor may make keep passing', legitimateEdits],
  ['texts the check accepts', acceptedTexts],
  ['the go-live list', goLiveCases],
  ["security.txt's Expires (RFC 9116: stale once it has passed)", expiresCases],
  [
    "a field of each checked kind, under a name no content file uses, follows its kind's rule",
    kindCases,
  ],
];
for (const [title, cases] of tables) {
  test.describe(title, () => {
    for (const contentCase of cases) test(contentCase.name, () => expectCheck(contentCase));
  });
}
