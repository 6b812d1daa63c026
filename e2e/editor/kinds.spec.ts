import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import prettier from 'prettier';
import { editingViewForSpec } from '../support/editing-view';

/**
 * For each kind of field an editor types (issue #32, "done when"): a bad value shows the content
 * check's own message at the field as it is typed, and leaving the field writes nothing; a good
 * one is written in place of the old, only its own lines changing, and the file passes Prettier. The
 * messages are the check's words, written out here as the check's spec writes them. Kinds chosen
 * from a list (an image, a time zone, a weekday) cannot be given a bad value in the form.
 */

const session = editingViewForSpec();

/** 'a' or 'an' before a kind's name, as it is said: an e-mail address, a one-line text. */
const article = (kind: string) => (/^([aei]|o(?!ne))/.test(kind) ? 'an' : 'a');

/** A text as a regular expression that matches it anywhere. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The content files' names, in order. */
const contentFileNames = () =>
  readdirSync(path.join(session.view.folder, 'content')).filter((name) => name.endsWith('.ts'));

/** Every content file's text, to show that nothing was written. */
const contentFiles = () =>
  contentFileNames().map((name) =>
    readFileSync(path.join(session.view.folder, 'content', name), 'utf8'),
  );

/** Whether the content file at this place passes `prettier --check`, with the project's settings. */
async function passesPrettier(index: number) {
  const file = path.join(session.view.folder, 'content', contentFileNames()[index]!);
  const options = await prettier.resolveConfig(file);
  return prettier.check(readFileSync(file, 'utf8'), { ...options, filepath: file });
}

/**
 * A field by the role its input has and its name in words, a bad value and the check's words for
 * it, and a good value.
 */
const slips: {
  kind: string;
  role: 'textbox' | 'combobox' | 'spinbutton';
  field: string;
  typed: string;
  says: string;
  /** A value the check accepts, other than the file's. */
  good: string;
}[] = [
  {
    kind: 'time',
    role: 'textbox',
    field: 'Contact, hours, opens',
    good: '08:30',
    typed: '9am',
    says: '"9am" is not a 24-hour time: write it like 09:00',
  },
  {
    kind: 'link',
    role: 'combobox',
    field: 'South Africa page, page one level up, address',
    good: 'https://www.example.com',
    typed: 'ftp://files',
    says: '"ftp://files" is no safe link: write a path on this site or an https:// address',
  },
  {
    kind: 'missing page',
    role: 'textbox',
    field: 'Home page, broken link, address',
    good: '/gone',
    typed: '/south-africa',
    says: '"/south-africa" is not a missing page: write it like /gone',
  },
  {
    kind: 'phone number',
    role: 'textbox',
    field: 'Contact, help phone',
    good: '+44 20 7946 0999',
    typed: 'call us',
    says: '"call us" is no phone number',
  },
  {
    kind: 'e-mail address',
    role: 'textbox',
    field: 'Contact, general email',
    good: 'enquiries@example.com',
    typed: 'enquiries',
    says: '"enquiries" is not an e-mail address: write it like name@bank.co.za',
  },
  {
    kind: 'site address',
    role: 'textbox',
    field: 'Site, web address',
    good: 'https://www.example.com',
    typed: 'http://bank.co.za',
    says: '"http://bank.co.za" is not an https:// address with nothing after the host',
  },
  {
    kind: 'security contact',
    role: 'textbox',
    field: 'Security Text, contact',
    good: 'mailto:security-team@example.com',
    typed: 'security@bank.co.za',
    says: '"security@bank.co.za" is not a mailto: or https:// address',
  },
  {
    kind: 'year',
    role: 'spinbutton',
    field: 'Home page, copyright year',
    good: '2024',
    typed: '1066',
    says: 'is no year from 1991 to',
  },
  {
    kind: 'registration number',
    role: 'textbox',
    field: 'Legal, FSP number',
    good: '12345',
    typed: 'ABC',
    says: '"ABC" is not an FSP number: write it like 12345',
  },
  {
    kind: 'expiry',
    role: 'textbox',
    field: 'Security Text, expires',
    good: `${new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    typed: '2020-01-01T00:00:00Z',
    says: '2020-01-01T00:00:00Z has passed, so security.txt is stale',
  },
  {
    kind: 'statutory text',
    role: 'textbox',
    field: 'Legal, licence',
    good: '{name} is an authorised financial services provider, FSP No. {fspNumber}.',
    typed: 'We are licensed.',
    says: 'must say "authorised financial services provider" and "FSP No. {fspNumber}", as the regulations word it',
  },
  {
    kind: 'multi-line text',
    role: 'textbox',
    field: 'South Africa page, contact, card for new clients, call back, e-mail text',
    good: 'Please call me back about my account.',
    typed: 'Call me <b>now</b>',
    says: 'has the HTML tag <b>: texts are plain, so write the words alone',
  },
  {
    kind: 'description',
    role: 'textbox',
    field: 'Home page, description',
    good: 'Our South Africa office: offshore private, investment and corporate banking.',
    typed: 'Offshore private banking. '.repeat(7),
    says: 'is longer than the 160 letters search results show',
  },
  {
    kind: 'one-line text',
    role: 'textbox',
    field: 'Home page, sentence under the heading',
    good: 'Our South Africa office can help.',
    typed: '',
    says: 'is empty: write the text',
  },
];

for (const slip of slips)
  test(`${article(slip.kind)} ${slip.kind} the check rejects shows its message at the field and is not written`, async () => {
    const before = contentFiles();
    const input = session.page.getByRole(slip.role, { name: slip.field, exact: true });
    const kept = await input.inputValue();
    await input.fill(slip.typed);
    await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(slip.says)));
    await input.press('Tab');
    await expect(session.page.getByRole('status')).toContainText(`Not saved: ${slip.field}`);
    expect(contentFiles()).toEqual(before);
    // Back to the value the file holds, which saves nothing.
    await input.fill(kept);
    await input.press('Tab');
    await expect(session.page.getByRole('status')).toContainText(`Saved ${slip.field}`);
    expect(contentFiles()).toEqual(before);
  });

/** A value as a content file writes it: a number bare, a text in single quotes. */
const asSource = (value: string | number) =>
  typeof value === 'number'
    ? String(value)
    : `'${value.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n')}'`;

for (const slip of slips)
  test(`${article(slip.kind)} ${slip.kind} the check accepts is written in place of the old one, and nothing else changes`, async () => {
    const before = contentFiles();
    const input = session.page.getByRole(slip.role, { name: slip.field, exact: true });
    const kept = await input.inputValue();
    await input.fill(slip.good);
    await input.press('Tab');
    await expect(session.page.getByRole('status')).toContainText(`Saved ${slip.field}`);
    const after = contentFiles();
    const changed = after.flatMap((file, i) => (file === before[i] ? [] : [i]));
    expect(changed, 'one file changed').toHaveLength(1);
    const [was, now] = [before[changed[0]!]!.split('\n'), after[changed[0]!]!.split('\n')];
    const isNumber = slip.role === 'spinbutton';
    const [oldValue, newValue] = [kept, slip.good].map((v) => asSource(isNumber ? Number(v) : v));
    // Every line that went holds the old value (or its key, where Prettier put the value on the
    // next line), and every line that came holds the new one.
    for (const line of was.filter((line) => !now.includes(line)))
      expect(line.includes(oldValue!) || line.trimEnd().endsWith(':'), line).toBe(true);
    for (const line of now.filter((line) => !was.includes(line)))
      expect(line.includes(newValue!) || line.trimEnd().endsWith(':'), line).toBe(true);
    expect(now.join('\n')).toContain(newValue!);
    expect(await passesPrettier(changed[0]!)).toBe(true);
  });
