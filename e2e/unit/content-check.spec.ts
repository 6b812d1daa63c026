import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import {
  checkContent,
  checkSyntax,
  loadContent,
  type Problem,
} from '../../scripts/build/check-content';

/**
 * The content check, run in-process against data: each bad edit an editor might make, and the one
 * line it must produce. Only the last test spawns a build, to prove the check stops it.
 */

const loaded = await loadContent();
const line = (p: Problem) => `${p.file}  ${p.field}: ${p.message}`;
type Data = Record<string, unknown>;

/** The check's problems (not the go-live list) after one edit to a copy of the real content. */
function problemsAfter(edit: (content: Record<string, Data>) => void): string[] {
  const copy = structuredClone(loaded.content) as Record<string, Data>;
  edit(copy);
  return checkContent(copy, loaded.files)
    .filter((p) => !p.goLive)
    .map(line);
}

/** The object at a path of the content, to edit. */
function at(content: Record<string, Data>, ...path: (string | number)[]): Data {
  return path.reduce<Data>((node, key) => node[key] as Data, content);
}

test('the content as committed passes, and lists what to replace before going live', () => {
  expect(loaded.problems).toEqual([]);
  const problems = checkContent(loaded.content, loaded.files);
  expect(problems.filter((p) => !p.goLive)).toEqual([]);
  expect(problems.map(line)).toEqual(
    expect.arrayContaining([
      'content/contact.ts  contact.generalEmail: southafrica.privatebank@example.com is an example address',
      "content/contact.ts  contact.helpPhone: +44 20 7946 0123 is from Ofcom's drama range",
      'content/navigation.ts  navigation.logIn.href: # is a placeholder link that goes nowhere',
      'content/site.ts  site.url: https://private-bank.example.com is an example address',
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
      'content/south-africa.ts  southAfrica.intro[1]: uses {minimumPortfolo}; this text offers {minimumPortfolio}',
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
    kind: 'a file that no longer exports its content',
    edit: (c) => delete c.errorPage,
    says: [
      'content/error.ts  errorPage: is missing: add a group in braces, like { label: …, href: … }',
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
  const files = Object.values(loaded.files).map((file) => path.resolve(file));
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
  const copy = structuredClone(loaded.content) as Record<string, Data>;
  at(copy, 'site').name = 'Osprey Bank';
  expect(checkContent(copy, loaded.files).map(line)).toContain(
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

  test('a missing comma', () => {
    const { edited, lineOf } = slip("title: 'South Africa',", "title: 'South Africa'");
    expect(checkSyntax(edited, file).map(line)).toEqual([
      `${file}  line ${lineOf + 1}, column 3: a comma or a closing quote is probably missing just before line ${lineOf + 1}`,
    ]);
  });

  test('an unclosed quote', () => {
    const { edited, lineOf } = slip(
      "breadcrumbLabel: 'Breadcrumb',",
      "breadcrumbLabel: 'Breadcrumb,",
    );
    expect(checkSyntax(edited, file).map(line)).toEqual([
      expect.stringMatching(
        `^${file}  line ${lineOf}, column \\d+: the text on line ${lineOf} has no closing quote: end it as it starts$`,
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
    expect(checkSyntax(edited, file).map(line)).toEqual([
      `${file}  line ${lineOf}, column ${column}: a comma or a closing quote is probably missing just before line ${lineOf}; an apostrophe inside 'quotes' ends the text: write ’ instead`,
    ]);
  });

  test('the committed files have none', () => {
    for (const committed of new Set(Object.values(loaded.files))) {
      expect(checkSyntax(readFileSync(committed, 'utf8'), committed), committed).toEqual([]);
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
    expect(result.output).toContain(
      'content/contact.ts  contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
    );
    expect(result.output).not.toMatch(/\n\s+at |error TS\d|Next\.js/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
