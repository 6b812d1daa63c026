import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { checkContent, describe, loadContent } from '../../scripts/build/check-content';
import { readContent, type Problem } from '../../scripts/build/read-content';

/**
 * The content check, run in-process: each bad edit an editor might make, and the one line it must
 * produce. Edits to the data check the field and the words; edits to a copy of the source files
 * also check the place (`file:line:column`). Only the last tests spawn the check or a build.
 */

const loaded = loadContent();
const line = (p: Problem) => `${p.file}  ${p.field}: ${p.message}`;
type Data = Record<string, unknown>;

/** Every problem, go-live ones too, after one edit to a copy of the real content. */
function checkAfter(edit: (content: Record<string, Data>) => void): Problem[] {
  const content = structuredClone(
    Object.fromEntries(loaded.files.map((file) => [file.name, file.value])),
  ) as Record<string, Data>;
  edit(content);
  const files = loaded.files.filter((file) => file.name in content);
  return checkContent(files.map((file) => ({ ...file, value: content[file.name] })));
}

/** The check's problems (not the go-live list) after one edit to a copy of the real content. */
const problemsAfter = (edit: (content: Record<string, Data>) => void) =>
  checkAfter(edit)
    .filter((p) => !p.goLive)
    .map(line);

/** Where a text first appears in a source, 1-based, as the check counts. */
function placeOf(source: string, text: string) {
  const before = source.slice(0, source.indexOf(text)).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The object at a path of the content, to edit. */
function at(content: Record<string, Data>, ...path: (string | number)[]): Data {
  return path.reduce<Data>((node, key) => node[key] as Data, content);
}

test('the content as committed passes, and lists what to replace before going live', () => {
  expect(loaded.problems).toEqual([]);
  const problems = checkContent(loaded.files);
  expect(problems.filter((p) => !p.goLive)).toEqual([]);
  expect(problems.map(line)).toEqual(
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

const badEdits: Array<{ kind: string; edit: (c: Record<string, Data>) => void; says: string[] }> = [
  {
    kind: 'a deleted required field',
    edit: (c) => delete at(c, 'southAfrica', 'sections', 0).heading,
    says: [
      "content/south-africa.ts  southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'",
    ],
  },
  {
    kind: 'a misspelt field name',
    edit: (c) => {
      const section = at(c, 'southAfrica', 'sections', 0);
      [section.headng, section.heading] = [section.heading, undefined];
      delete section.heading;
    },
    says: [
      "content/south-africa.ts  southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'",
      'content/south-africa.ts  southAfrica.sections[0].headng: is not a field here: did you mean heading?',
    ],
  },
  {
    kind: 'a number where text belongs',
    edit: (c) => (at(c, 'home').title = 404),
    says: [
      "content/home.ts  home.title: is a number (404), but must be text in quotes, like 'Contact us'",
    ],
  },
  {
    kind: 'text where a number belongs',
    edit: (c) => (at(c, 'home').copyrightYear = '2025'),
    says: [
      'content/home.ts  home.copyrightYear: is text ("2025"), but must be a number without quotes, like 2025',
    ],
  },
  {
    kind: 'a link to a page that does not exist',
    edit: (c) => (at(c, 'southAfrica', 'parent').href = '/south-afrika'),
    says: [
      'content/south-africa.ts  southAfrica.parent.href: "/south-afrika" is no page here: write / or /south-africa',
    ],
  },
  {
    kind: 'a link to a section that does not exist',
    edit: (c) => (at(c, 'navigation', 'service', 0).href = '/south-africa#no-such-section'),
    says: [
      'content/navigation.ts  navigation.service[0].href: "/south-africa#no-such-section" names no section of /south-africa: write one of #main #personal-service #right-service #contact #become-a-client #existing-clients #important-information',
    ],
  },
  {
    kind: 'an e-mail link without a valid address',
    edit: (c) => (at(c, 'navigation', 'service', 0).href = 'mailto:someone'),
    says: [
      'content/navigation.ts  navigation.service[0].href: "mailto:someone" is no e-mail link: write it like mailto:name@bank.co.za',
    ],
  },
  {
    kind: 'a phone link without a valid number',
    edit: (c) => (at(c, 'navigation', 'service', 1).href = 'tel:12'),
    says: [
      'content/navigation.ts  navigation.service[1].href: "tel:12" is no phone link: write it like tel:+27115550100',
    ],
  },
  {
    kind: 'a time that is not HH:MM',
    edit: (c) => (at(c, 'contact', 'hours').opens = '9am'),
    says: [
      'content/contact.ts  contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
    ],
  },
  {
    kind: 'closing before opening',
    edit: (c) => (at(c, 'contact', 'hours').closes = '08:00'),
    says: [
      'content/contact.ts  contact.hours.closes: is not after opens: the team must open before it closes',
    ],
  },
  {
    kind: 'a language that is not a BCP 47 tag',
    edit: (c) => (at(c, 'site').language = 'english'),
    says: ['content/site.ts  site.language: "english" is not a language tag: write it like en-GB'],
  },
  {
    kind: 'a copyright year out of range',
    edit: (c) => (at(c, 'notFound').copyrightYear = 20245),
    says: [
      `content/not-found.ts  notFound.copyrightYear: is no year from 1991 to ${new Date().getFullYear() + 1}`,
    ],
  },
  {
    kind: 'a meta description longer than search results show',
    edit: (c) => (at(c, 'southAfrica').description = `${'Offshore banking. '.repeat(9)}`),
    says: [
      'content/south-africa.ts  southAfrica.description: is longer than the 160 letters search results show',
    ],
  },
  {
    kind: "a description that fits only until the bank's name fills it in",
    edit: (c) => {
      at(c, 'site').name = 'A bank with a long name';
      at(c, 'home').description = `{name} {division} ${'o'.repeat(160 - 18)}`;
    },
    says: ['content/home.ts  home.description: is longer than the 160 letters search results show'],
  },
  {
    kind: 'a link to a section the homepage does not have',
    edit: (c) => (at(c, 'navigation', 'service', 0).href = '/#rates'),
    says: [
      'content/navigation.ts  navigation.service[0].href: "/#rates" names no section of /: write one of #main',
    ],
  },
  {
    kind: 'an image without a size',
    edit: (c) => (at(c, 'southAfrica', 'hero').width = 0),
    says: ['content/south-africa.ts  southAfrica.hero.width: must be a number of pixels above 0'],
  },
  {
    kind: 'a malformed phone number',
    edit: (c) => (at(c, 'contact', 'onlineBankingLines', 0).phone = '0808 157 019'),
    says: [
      'content/contact.ts  contact.onlineBankingLines[0].phone: "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192',
    ],
  },
  {
    kind: 'a malformed e-mail address',
    edit: (c) => (at(c, 'contact').onlineBankingEmail = 'onlinebanking@'),
    says: [
      'content/contact.ts  contact.onlineBankingEmail: "onlinebanking@" is not an e-mail address: write it like name@bank.co.za',
    ],
  },
  {
    kind: 'an empty heading',
    edit: (c) => (at(c, 'southAfrica', 'sections', 0).heading = '  '),
    says: ['content/south-africa.ts  southAfrica.sections[0].heading: is empty: write the text'],
  },
  {
    kind: 'an unsafe javascript: link',
    edit: (c) => (at(c, 'navigation', 'service', 1).href = 'javascript:alert(1)'),
    says: [
      'content/navigation.ts  navigation.service[1].href: "javascript:alert(1)" is no safe link: write a path on this site or an https:// address',
    ],
  },
  {
    kind: 'a link to another site without https',
    edit: (c) => (at(c, 'home', 'officeLink').href = '//evil.example'),
    says: [
      'content/home.ts  home.officeLink.href: "//evil.example" is no page here: write / or /south-africa',
    ],
  },
  {
    kind: 'a section id without its page',
    edit: (c) => (at(c, 'home', 'officeLink').href = '#contact'),
    says: [
      'content/home.ts  home.officeLink.href: "#contact" names no page: write it like /south-africa#contact',
    ],
  },
  {
    kind: 'a misspelt placeholder',
    edit: (c) => {
      const intro = at(c, 'southAfrica').intro as string[];
      intro[1] = intro[1]!.replace('{minimumPortfolio}', '{minimumPortfolo}');
    },
    says: [
      'content/south-africa.ts  southAfrica.intro[1]: uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
    ],
  },
  {
    kind: "the bank's name written where {name} belongs",
    edit: (c) => (at(c, 'site').logoLabel = 'Kestrel Bank, homepage'),
    says: [
      "content/site.ts  site.logoLabel: must start with '{name} {division}', the words the logo shows",
    ],
  },
  {
    kind: 'a section that is not in the navigation',
    edit: (c) => (at(c, 'southAfrica').section = 'location'),
    says: [
      'content/south-africa.ts  southAfrica.section: "location" is not the id of an item of navigation.main',
    ],
  },
  {
    kind: 'a current group site that is not in the group',
    edit: (c) => (at(c, 'navigation').groupCurrent = 'private'),
    says: [
      'content/navigation.ts  navigation.groupCurrent: "private" is not the id of an item of navigation.group',
    ],
  },
  {
    kind: 'two sections with the same id',
    edit: (c) => (at(c, 'southAfrica', 'sections', 1).id = 'personal-service'),
    says: [
      'content/south-africa.ts  southAfrica.sections[0].id: is the id of another section too: give each its own',
      'content/south-africa.ts  southAfrica.sections[1].id: is the id of another section too: give each its own',
    ],
  },
  {
    kind: 'an id with capitals and spaces',
    edit: (c) => (at(c, 'southAfrica', 'important').id = 'Important information'),
    says: [
      'content/south-africa.ts  southAfrica.important.id: "Important information" is not lower-case words with dashes: write it like contact-us',
    ],
  },
  {
    kind: 'a time zone that does not exist',
    edit: (c) => (at(c, 'contact', 'hours').timeZone = 'South Africa'),
    says: [
      'content/contact.ts  contact.hours.timeZone: "South Africa" is not a time zone: write it like Africa/Johannesburg',
    ],
  },
  {
    kind: 'a day that is not a weekday name',
    edit: (c) => (at(c, 'contact', 'hours').from = 'Mon'),
    says: [
      'content/contact.ts  contact.hours.from: is text ("Mon"), not one of Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday',
    ],
  },
  {
    kind: 'a country that is not a two-letter code',
    edit: (c) => (at(c, 'southAfrica', 'office').country = 'RSA'),
    says: [
      'content/south-africa.ts  southAfrica.office.country: "RSA" is not a two-letter country code: write it like ZA',
    ],
  },
  {
    kind: 'an image missing from public/',
    edit: (c) => (at(c, 'southAfrica', 'hero').src = '/images/hero.png'),
    says: [
      'content/south-africa.ts  southAfrica.hero.src: "/images/hero.png" is not in public/: write it like /images/a.svg',
    ],
  },
  {
    kind: 'one online banking line instead of two',
    edit: (c) => (at(c, 'contact').onlineBankingLines = [{ label: 'UK', phone: '0808 157 0192' }]),
    says: [
      'content/contact.ts  contact.onlineBankingLines: is a list ([{"label":"UK","phone":"0808 157 0192"}]), but must have 2 items',
    ],
  },
  {
    kind: 'a link inside a paragraph without its address',
    edit: (c) => {
      const paragraphs = at(c, 'southAfrica', 'sections', 1).paragraphs as Data[][];
      delete paragraphs[0]![1]!.href;
    },
    says: [
      "content/south-africa.ts  southAfrica.sections[1].paragraphs[0][1].href: is missing: add text in quotes, like 'Contact us'",
    ],
  },
  {
    kind: 'a paragraph that is neither text nor a list',
    edit: (c) => ((at(c, 'southAfrica', 'important').paragraphs as unknown[])[0] = 42),
    says: [
      "content/south-africa.ts  southAfrica.important.paragraphs[0]: must be text, or a list of texts and links: ['See our ', { label: 'a', href: '/' }]",
    ],
  },
  {
    kind: "a regulator's name abbreviated in the UK status line",
    edit: (c) => {
      const legal = at(c, 'legal');
      legal.ukStatus = String(legal.ukStatus).replace('Financial Conduct Authority', 'FCA');
    },
    says: [
      'content/legal.ts  legal.ukStatus: must say "Financial Conduct Authority", as the regulations word it',
      "content/legal.ts  legal.ukStatus: abbreviates a regulator's name (FCA): write the name in full",
    ],
  },
  {
    kind: 'an offshore line without its deposit scheme',
    edit: (c) =>
      (at(c, 'legal').jersey =
        '{name}, Jersey Branch is regulated by the Jersey Financial Services Commission.'),
    says: [
      'content/legal.ts  legal.jersey: must say "Jersey Bank Depositors Compensation Scheme", as the regulations word it',
    ],
  },
  {
    kind: 'complaints that do not name the FAIS Ombud',
    edit: (c) => (at(c, 'legal').complaints = 'You may refer your complaint to the ombudsman.'),
    says: [
      'content/legal.ts  legal.complaints: must say "Ombud for Financial Services Providers", as the regulations word it',
    ],
  },
  {
    kind: 'a licence statement without its FSP number',
    edit: (c) => (at(c, 'legal').licence = '{name} is an authorised financial services provider.'),
    says: [
      'content/legal.ts  legal.licence: must say "FSP No. {fspNumber}", as the regulations word it',
    ],
  },
  {
    kind: 'a file that no longer exports its content',
    edit: (c) => delete c.errorPage,
    says: [
      'content/error-page.ts  errorPage: is missing: add a group in braces, like { label: …, href: … }',
    ],
  },
];

test.describe('the content check names the file and the field, and says what to write', () => {
  for (const bad of badEdits) {
    test(`for ${bad.kind}`, () => {
      expect(problemsAfter(bad.edit).toSorted()).toEqual(bad.says.toSorted());
    });
  }
});

test('every field of every content file explains itself when an editor hovers it', () => {
  const { options } = ts.parseJsonConfigFileContent(
    ts.readConfigFile('tsconfig.json', ts.sys.readFile).config,
    ts.sys,
    '.',
  );
  const files = loaded.files.map((file) => path.resolve(file.file));
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

test('accepts plain paragraphs where a section had a list of texts and links', () => {
  const problems = problemsAfter((c) => {
    at(c, 'southAfrica', 'sections', 1).paragraphs = ['A plain paragraph.', 'Another one.'];
  });
  expect(problems).toEqual([]);
});

test('accepts a 60-letter word in every kind of text', () => {
  const word = 'Kestrelbankprivatebankingforfamilyofficesacrosssouthernafric'.slice(0, 60);
  expect(word).toHaveLength(60);
  const problems = problemsAfter((c) => {
    at(c, 'southAfrica').title = word;
    at(c, 'southAfrica', 'sections', 0).heading = word;
    (at(c, 'southAfrica').intro as string[])[0] = `Our ${word} team.`;
    at(c, 'home').lead = word;
    at(c, 'notFound').message = word;
    at(c, 'navigation', 'main', 0).label = word;
    at(c, 'contact', 'onlineBankingLines', 0).label = word;
  });
  expect(problems).toEqual([]);
});

test('warns when the share image shows another name than the content', () => {
  expect(checkAfter((c) => (at(c, 'site').name = 'Osprey Bank')).map(line)).toContain(
    'content/site.ts  site.shareImage.src: /images/share.png was drawn for "Kestrel Bank Private Bank: South Africa", not "Osprey Bank Private Bank: South Africa": run npm run images',
  );
});

test.describe('a typing slip gets the file, line and column and a plain hint', () => {
  const file = 'content/south-africa.ts';
  const source = readFileSync(file, 'utf8');
  /** The source with one edit, and the 1-based line the edit is on. */
  const slip = (find: string, replace: string) => {
    expect(source, `${file} contains ${find}`).toContain(find);
    const lineOf = source.slice(0, source.indexOf(find)).split('\n').length;
    return { edited: source.replace(find, replace), lineOf };
  };
  const slips = (edited: string) => {
    const read = readContent(edited, file);
    return Array.isArray(read) ? read.map(describe) : [];
  };

  test('a missing comma', () => {
    const { edited, lineOf } = slip("title: 'South Africa',", "title: 'South Africa'");
    expect(slips(edited)).toEqual([
      `${file}:${lineOf + 1}:3  southAfrica.title: a comma or a closing quote is probably missing just before line ${lineOf + 1}`,
    ]);
  });

  test('an unclosed quote', () => {
    const { edited, lineOf } = slip(
      "breadcrumbLabel: 'Breadcrumb',",
      "breadcrumbLabel: 'Breadcrumb,",
    );
    expect(slips(edited)).toEqual([
      expect.stringMatching(
        `^${file}:${lineOf}:\\d+  southAfrica.breadcrumbLabel: the text on line ${lineOf} has no closing quote: end it as it starts$`,
      ),
    ]);
  });

  test('a straight apostrophe inside a quoted text', () => {
    const { edited, lineOf } = slip(
      "'Already a client? We’re here",
      "'Already a client? We're here",
    );
    // The quote after "We" closes the text; the error shows where the rest of the word begins.
    const column = source.split('\n')[lineOf - 1]!.indexOf('We’re') + 4;
    expect(slips(edited)).toEqual([
      `${file}:${lineOf}:${column}  southAfrica.contact.clients.heading: a comma or a closing quote is probably missing just before line ${lineOf}; an apostrophe inside 'quotes' ends the text: write ’ instead`,
    ]);
  });

  test('the committed files have none', () => {
    for (const { file: committed } of loaded.files) {
      const read = readContent(readFileSync(committed, 'utf8'), committed);
      expect(Array.isArray(read) ? read.map(describe) : [], committed).toEqual([]);
    }
  });
});

test('a bad edit stops `npm run build` before Next.js runs, in one line and no stack trace', async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'content-check-'));
  try {
    for (const part of ['app', 'components', 'content', 'lib', 'public', 'scripts']) {
      cpSync(part, path.join(dir, part), { recursive: true });
    }
    for (const file of ['package.json', 'tsconfig.json', 'next.config.ts']) {
      cpSync(file, path.join(dir, file));
    }
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    const contact = path.join(dir, 'content/contact.ts');
    writeFileSync(contact, readFileSync(contact, 'utf8').replace("opens: '09:00'", "opens: '9am'"));
    const result = await promisify(execFile)('npm', ['run', 'build'], { cwd: dir }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(result.code).toBe(1);
    const { line: row, column } = placeOf(readFileSync('content/contact.ts', 'utf8'), 'opens:');
    expect(result.output).toContain(
      `content/contact.ts:${row}:${column}  contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00`,
    );
    expect(result.output).not.toMatch(/\n\s+at |error TS\d|Next\.js/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The check's lines after one edit to the source of a content file, read as the check reads it; and
 * where a text first appears in the edited source, for the place a line must name.
 */
function checkSource(name: string, find: string, replace: string) {
  const file = `content/${name}`;
  const source = readFileSync(file, 'utf8');
  expect(source, `${file} contains ${find}`).toContain(find);
  const edited = source.replace(find, replace);
  const read = readContent(edited, file);
  const others = loaded.files.filter((other) => other.file !== file);
  const problems = Array.isArray(read) ? read : checkContent([...others, read]);
  const lines = problems.filter((p) => !p.goLive).map(describe);
  return { lines, place: (text: string) => placeOf(edited, text) };
}

const slips: Array<{
  kind: string;
  file: string;
  find: string;
  write: string;
  at: string;
  says: string;
}> = [
  {
    kind: 'an HTML tag in a text',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: 'The <strong>page</strong>",
    at: 'lead:',
    says: 'home.lead: has the HTML tag <strong>: texts are plain, so write the words alone',
  },
  {
    kind: "an HTML tag in a picture's description, which may be blank",
    file: 'south-africa.ts',
    find: "alt: '',",
    write: "alt: 'Johannesburg at <b>dusk</b>',",
    at: 'alt:',
    says: 'southAfrica.hero.alt: has the HTML tag <b>: texts are plain, so write the words alone',
  },
  {
    kind: 'a Markdown link in a paragraph',
    file: 'south-africa.ts',
    find: "'We have served Africa",
    write: "'We have [served](https://example.com/x) Africa",
    at: "'We have [served]",
    says: "southAfrica.intro[0]: has the Markdown link [served](https://example.com/x): in a paragraph, write ['…', { label: 'served', href: 'https://example.com/x' }, '…']; elsewhere, the words alone",
  },
  {
    kind: 'Markdown emphasis with asterisks',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: '**The** page",
    at: 'lead:',
    says: 'home.lead: has the Markdown emphasis **The**: texts are plain, so write The',
  },
  {
    kind: 'Markdown emphasis with underscores',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: '_The_ page",
    at: 'lead:',
    says: 'home.lead: has the Markdown emphasis _The_: texts are plain, so write The',
  },
  {
    kind: 'a Markdown heading',
    file: 'south-africa.ts',
    find: "heading: 'Personal service",
    write: "heading: '## Personal service",
    at: "heading: '## Personal",
    says: 'southAfrica.sections[0].heading: starts with a Markdown heading mark (#): write the words alone; headings have fields of their own',
  },
  {
    kind: 'a Markdown list item',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: '- The page",
    at: 'lead:',
    says: 'home.lead: starts like a Markdown list item: write each point as a text of its own, without the mark',
  },
  {
    kind: 'a placeholder with spaces',
    file: 'south-africa.ts',
    find: '{minimumPortfolio}, or',
    write: '{ minimumPortfolio }, or',
    at: "'Our Private Bank",
    says: 'southAfrica.intro[1]: writes { minimumPortfolio } with spaces: write {minimumPortfolio}',
  },
  {
    kind: 'a placeholder without its closing brace',
    file: 'south-africa.ts',
    find: '{minimumPortfolio}, or',
    write: '{minimumPortfolio, or',
    at: "'Our Private Bank",
    says: 'southAfrica.intro[1]: has a brace without its pair: braces only mark the values the site fills in (this text offers {minimumPortfolio} {licence} {complaints})',
  },
  {
    kind: 'a placeholder with a $',
    file: 'south-africa.ts',
    find: '{minimumPortfolio}, or',
    write: '${minimumPortfolio}, or',
    at: "'Our Private Bank",
    says: 'southAfrica.intro[1]: has ${: a value the site fills in is written {name}, without $ (this text offers {minimumPortfolio} {licence} {complaints})',
  },
  {
    kind: 'a template literal with ${…}',
    file: 'south-africa.ts',
    find: "title: 'South Africa',",
    write: 'title: `South ${name}`,',
    at: '`South',
    says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'; for a value the site fills in, write {name}, without $",
  },
  {
    kind: 'a template literal without ${…}',
    file: 'south-africa.ts',
    find: "title: 'South Africa',",
    write: 'title: `South Africa`,',
    at: '`South',
    says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'",
  },
  {
    kind: 'a field written twice',
    file: 'south-africa.ts',
    find: "title: 'South Africa',",
    write: "title: 'South Africa',\n  title: 'Again',",
    at: "title: 'Again'",
    says: 'southAfrica.title: is written twice, here and on line 5: keep one',
  },
  {
    kind: 'a value computed in code',
    file: 'home.ts',
    find: 'copyrightYear: 2025,',
    write: 'copyrightYear: new Date().getFullYear(),',
    at: 'new Date',
    says: 'home.copyrightYear: is new Date().getFullYear(), which is not plain data: write text in quotes, a number, a list [ … ] or a group { … }',
  },
  {
    kind: 'a deleted import type line',
    file: 'home.ts',
    find: "import type { Content } from './schema';\n",
    write: '',
    at: '',
    says: "home: the content needs its types from the schema: add it as the first line: import type { Content } from './schema';",
  },
  {
    kind: 'an import without type',
    file: 'home.ts',
    find: "import type { Content } from './schema';",
    write: "import { Content } from './schema';",
    at: 'import',
    says: "home: the content needs its types from the schema: write it exactly: import type { Content } from './schema';",
  },
  {
    kind: 'a missing satisfies',
    file: 'home.ts',
    find: "} satisfies Content['home'];",
    write: '};',
    at: '};',
    says: "home: after the closing brace write satisfies Content['home'], which checks the content as you type",
  },
  {
    kind: 'a statement a content file does not need',
    file: 'home.ts',
    find: 'export const home',
    write: 'const year = 2025;\nexport const home',
    at: 'const year',
    says: 'home: only the import and the export belong in a content file: remove this',
  },
  {
    kind: 'an export that may change (let)',
    file: 'home.ts',
    find: 'export const home',
    write: 'export let home',
    at: 'export let',
    says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
  },
  {
    kind: 'a second value declared with the export',
    file: 'home.ts',
    find: "} satisfies Content['home'];",
    write: "} satisfies Content['home'],\n  year = 2025;",
    at: 'export const',
    says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
  },
  {
    kind: 'an export under another name',
    file: 'home.ts',
    find: 'export const home',
    write: 'export const homePage',
    at: 'export const',
    says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
  },
  {
    kind: 'a zero-width space in a phone number',
    file: 'contact.ts',
    find: "'0808 157 0192'",
    write: "'0808 157\u200b0192'",
    at: 'phone:',
    says: 'contact.onlineBankingLines[0].phone: has a zero-width space (U+200B) after "0808 157": delete it (it may come from copying out of a document)',
  },
  {
    kind: 'a soft hyphen in an e-mail address',
    file: 'contact.ts',
    find: "'onlinebanking@example.com'",
    write: "'online\u00adbanking@example.com'",
    at: 'onlineBankingEmail:',
    says: 'contact.onlineBankingEmail: has a soft hyphen (U+00AD) after "online": delete it (it may come from copying out of a document)',
  },
  {
    kind: 'a tab in a link',
    file: 'south-africa.ts',
    find: "href: '/' }",
    write: "href: '/\t' }",
    at: "href: '/\t'",
    says: 'southAfrica.parent.href: has a tab (U+0009) after "/": delete it (it may come from copying out of a document)',
  },
  {
    kind: 'a zero-width space in a text',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: 'The\u200b page",
    at: 'lead:',
    says: 'home.lead: has a zero-width space (U+200B) after "The": delete it (it may come from copying out of a document)',
  },
];

test.describe('a slip from HTML, Markdown, code or a pasted document gets its place and what to write', () => {
  for (const slip of slips) {
    test(`for ${slip.kind}`, () => {
      const { lines, place } = checkSource(slip.file, slip.find, slip.write);
      const { line: row, column } = slip.at ? place(slip.at) : { line: 1, column: 1 };
      expect(lines).toEqual([`content/${slip.file}:${row}:${column}  ${slip.says}`]);
    });
  }
});

test('a misspelt field is placed where it is written, the missing one at the group that should hold it', () => {
  const { lines, place } = checkSource(
    'south-africa.ts',
    "heading: 'Personal service",
    "headng: 'Personal service",
  );
  const group = place("{\n      id: 'personal-service'");
  const misspelt = place('headng:');
  expect(lines).toEqual([
    `content/south-africa.ts:${group.line}:${group.column}  southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'`,
    `content/south-africa.ts:${misspelt.line}:${misspelt.column}  southAfrica.sections[0].headng: is not a field here: did you mean heading?`,
  ]);
});

/** Edits an editor may make that must keep passing, and the words each puts on a page. */
const legitimate: Array<{ kind: string; file: string; find: string; write: string }> = [
  { kind: 'Windows line endings', file: 'site.ts', find: '\n', write: '\r\n' },
  { kind: 'a byte-order mark', file: 'home.ts', find: 'import type', write: '\ufeffimport type' },
  { kind: 'tabs for indentation', file: 'home.ts', find: '  title:', write: '\ttitle:' },
  {
    kind: 'emoji, & and / in a text',
    file: 'home.ts',
    find: "lead: 'The page",
    write: "lead: '🌍 👨‍👩‍👧 Families & trusts / foundations welcome. The page",
  },
  {
    kind: 'a mailto: link with a subject',
    file: 'navigation.ts',
    find: "href: '#'",
    write: "href: 'mailto:onlinebanking@example.com?subject=Log%20in%20help&body=Hello'",
  },
  {
    kind: 'a South African number',
    file: 'contact.ts',
    find: "'0808 157 0192'",
    write: "'+27 11 555 0100'",
  },
  {
    kind: 'another international number',
    file: 'contact.ts',
    find: "'+44 20 7946 0321'",
    write: "'+1 212 555 0147'",
  },
  {
    kind: 'hours in another IANA time zone',
    file: 'contact.ts',
    find: "timeZone: 'UTC'",
    write: "timeZone: 'Africa/Johannesburg'",
  },
];

test.describe('edits an editor may make keep passing', () => {
  for (const edit of legitimate) {
    test(`${edit.kind}`, () => {
      const source = readFileSync(`content/${edit.file}`, 'utf8');
      const write = edit.find === '\n' ? source.replaceAll('\n', '\r\n') : null;
      const { lines } = write
        ? checkSource(edit.file, source, write)
        : checkSource(edit.file, edit.find, edit.write);
      expect(lines).toEqual([]);
    });
  }
});

/** A copy of the project's content (and what the check reads beside it) to edit; removed after. */
function scratchCopy(parts: string[]) {
  // Inside the project (in .cache/, which git ignores), so that Node and Next.js find its packages.
  mkdirSync('.cache', { recursive: true });
  const dir = mkdtempSync(path.resolve('.cache/content-check-'));
  for (const part of parts) cpSync(part, path.join(dir, part), { recursive: true });
  const edit = (file: string, find: string, write: string) => {
    const source = readFileSync(path.join(dir, file), 'utf8');
    expect(source, `${file} contains ${find}`).toContain(find);
    writeFileSync(path.join(dir, file), source.replace(find, write));
  };
  return { dir, edit, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a command in a folder: its exit code and everything it printed. */
const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  promisify(execFile)(command, args, { cwd, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

test('on GitHub Actions, each problem is an error annotation on its line, each placeholder a warning', async () => {
  using copy = scratchCopy(['content', 'public']);
  const check = path.resolve('scripts/build/check-content.ts');
  const github = { GITHUB_ACTIONS: 'true' };
  const clean = await run(process.execPath, ['--import', 'tsx', check], copy.dir, github);
  const { line: emailLine, column: emailColumn } = placeOf(
    readFileSync('content/contact.ts', 'utf8'),
    'generalEmail:',
  );
  expect(clean.code).toBe(0);
  expect(clean.output).toContain(
    `::warning file=content/contact.ts,line=${emailLine},col=${emailColumn},title=content check::contact.generalEmail: southafrica.privatebank@example.com is an example address`,
  );
  copy.edit('content/home.ts', "lead: 'The page", "lead: 'The <strong>page</strong>");
  const { line: row, column } = placeOf(readFileSync('content/home.ts', 'utf8'), 'lead:');
  const slip = await run(process.execPath, ['--import', 'tsx', check], copy.dir, github);
  expect(slip.code).toBe(1);
  expect(slip.output).toContain(
    `::error file=content/home.ts,line=${row},col=${column},title=content check::home.lead: has the HTML tag <strong>: texts are plain, so write the words alone`,
  );
  expect(slip.output).toContain(
    `content/home.ts:${row}:${column}  home.lead: has the HTML tag <strong>: texts are plain, so write the words alone`,
  );
  expect(slip.output).not.toMatch(/\n\s+at |error TS\d|Error:/);
  copy.edit('content/south-africa.ts', "title: 'South Africa',", 'title: `South ${name}`,');
  const code = await run(process.execPath, ['--import', 'tsx', check], copy.dir, github);
  const backquote = placeOf(readFileSync('content/south-africa.ts', 'utf8'), "'South Africa',");
  expect(code.output).toContain(
    `::error file=content/south-africa.ts,line=${backquote.line},col=${backquote.column},title=content check::southAfrica.title: is in backquotes`,
  );
  expect(code.output).not.toMatch(/\n\s+at |error TS\d|Error:|ReferenceError/);
  const local = await run(process.execPath, ['--import', 'tsx', check], copy.dir, {
    GITHUB_ACTIONS: '',
  });
  expect(local.output).not.toContain('::error');
});

test("the editor's legitimate edits pass the check and the build, and their words reach the pages", async () => {
  test.setTimeout(180_000);
  using copy = scratchCopy(['app', 'components', 'content', 'lib', 'public', 'scripts', 'deploy']);
  for (const file of [
    'package.json',
    'tsconfig.json',
    'tsconfig.site.json',
    'next.config.ts',
    'postcss.config.mjs',
  ])
    cpSync(file, path.join(copy.dir, file));
  for (const edit of legitimate.filter((e) => e.find !== '\n')) {
    copy.edit(`content/${edit.file}`, edit.find, edit.write);
  }
  const site = path.join(copy.dir, 'content/site.ts');
  writeFileSync(site, readFileSync(site, 'utf8').replaceAll('\n', '\r\n'));
  const build = await run('npm', ['run', 'build'], copy.dir);
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

test.describe("security.txt's Expires (RFC 9116: stale once it has passed)", () => {
  const file = 'content/security-txt.ts';
  const source = readFileSync(file, 'utf8');
  /** Every line of the check, go-live ones too, with Expires set to this value in the source. */
  const checkExpires = (expires: string) => {
    const committed = /expires: '[^']*'/.exec(source)?.[0] ?? "expires: '";
    const edited = source.replace(committed, `expires: '${expires}'`);
    const read = readContent(edited, file);
    const others = loaded.files.filter((other) => other.file !== file);
    const problems = Array.isArray(read) ? read : checkContent([...others, read]);
    const { line: row, column } = placeOf(edited, 'expires:');
    const mine = problems.filter((p) => p.file === file && p.field === 'securityTxt.expires');
    return {
      at: `${file}:${row}:${column}  securityTxt.expires:`,
      errors: mine.filter((p) => !p.goLive).map(describe),
      goLive: mine.filter((p) => p.goLive).map(describe),
    };
  };
  const day = 86_400_000;
  /** A date and time in UTC as RFC 3339 writes it, whole seconds: 2027-11-23T00:00:00Z. */
  const utc = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

  test('an Expires in the past stops the check, naming the field and its place', () => {
    const { at, errors, goLive } = checkExpires('2020-01-01T00:00:00Z');
    expect(errors).toEqual([
      `${at} 2020-01-01T00:00:00Z has passed, so security.txt is stale: write a date under a year ahead`,
    ]);
    expect(goLive).toEqual([]);
  });

  test('an Expires 10 days away passes, and is listed to renew before going live', () => {
    const soon = utc(Date.now() + 10 * day);
    const { at, errors, goLive } = checkExpires(soon);
    expect(errors).toEqual([]);
    expect(goLive).toEqual([
      `${at} ${soon} is under 30 days away: write a date under a year ahead before it passes`,
    ]);
  });

  test('an Expires 60 days away passes, and is not listed', () => {
    expect(checkExpires(utc(Date.now() + 60 * day))).toMatchObject({ errors: [], goLive: [] });
  });

  test('an Expires that is not a date and time in UTC stops the check', () => {
    for (const written of ['2027-11-23', '2027-02-30T00:00:00Z', '23/11/2027 00:00']) {
      const { at, errors } = checkExpires(written);
      expect(errors).toEqual([
        `${at} "${written}" is not a date and time in UTC: write it like 2027-11-23T00:00:00Z`,
      ]);
    }
  });
});
