import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * For each kind of field an editor types (issue #32, "done when"): a bad value shows the content
 * check's own message at the field as it is typed, and leaving the field writes nothing. The
 * messages are the check's words, written out here as the check's spec writes them. Kinds chosen
 * from a list (an image, a time zone, a weekday) cannot be given a bad value in the form.
 */

/** After the changes spec's port, within the range E2E_PORT moves. */
const port = Number(process.env.E2E_PORT ?? 4173) + 9;

const session = editingViewForSpec(port);

/** A text as a regular expression that matches it anywhere. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every content file's text, to show that nothing was written. */
const contentFiles = () => {
  const folder = path.join(session.view.folder, 'content');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(path.join(folder, name), 'utf8'));
};

/** A field by the role its input has and its name in words, a bad value, and the check's words. */
const slips: {
  kind: string;
  role: 'textbox' | 'combobox' | 'spinbutton';
  field: string;
  typed: string;
  says: string;
}[] = [
  {
    kind: 'time',
    role: 'textbox',
    field: 'Contact, hours, opens',
    typed: '9am',
    says: '"9am" is not a 24-hour time: write it like 09:00',
  },
  {
    kind: 'link',
    role: 'combobox',
    field: 'South Africa page, parent, address',
    typed: 'ftp://files',
    says: '"ftp://files" is no safe link: write a path on this site or an https:// address',
  },
  {
    kind: 'missing page',
    role: 'textbox',
    field: 'Home page, broken link, address',
    typed: '/south-africa',
    says: '"/south-africa" is not a missing page: write it like /gone',
  },
  {
    kind: 'phone number',
    role: 'textbox',
    field: 'Contact, help phone',
    typed: 'call us',
    says: '"call us" is no phone number',
  },
  {
    kind: 'e-mail address',
    role: 'textbox',
    field: 'Contact, general email',
    typed: 'enquiries',
    says: '"enquiries" is not an e-mail address: write it like name@bank.co.za',
  },
  {
    kind: 'site address',
    role: 'textbox',
    field: 'Site, url',
    typed: 'http://bank.co.za',
    says: '"http://bank.co.za" is not an https:// address with nothing after the host',
  },
  {
    kind: 'security contact',
    role: 'textbox',
    field: 'Security Text, contact',
    typed: 'security@bank.co.za',
    says: '"security@bank.co.za" is not a mailto: or https:// address',
  },
  {
    kind: 'year',
    role: 'spinbutton',
    field: 'Home page, copyright year',
    typed: '1066',
    says: 'is no year from 1991 to',
  },
  {
    kind: 'registration number',
    role: 'textbox',
    field: 'Legal, fsp number',
    typed: 'ABC',
    says: '"ABC" is not an FSP number: write it like 12345',
  },
  {
    kind: 'expiry',
    role: 'textbox',
    field: 'Security Text, expires',
    typed: '2020-01-01T00:00:00Z',
    says: '2020-01-01T00:00:00Z has passed, so security.txt is stale',
  },
  {
    kind: 'statutory text',
    role: 'textbox',
    field: 'Legal, licence',
    typed: 'We are licensed.',
    says: 'must say "authorised financial services provider" and "FSP No. {fspNumber}", as the regulations word it',
  },
  {
    kind: 'multi-line text',
    role: 'textbox',
    field: 'South Africa page, contact, prospects, call back, body',
    typed: 'Call me <b>now</b>',
    says: 'has the HTML tag <b>: texts are plain, so write the words alone',
  },
  {
    kind: 'description',
    role: 'textbox',
    field: 'Home page, description',
    typed: 'Offshore private banking. '.repeat(7),
    says: 'is longer than the 160 letters search results show',
  },
  {
    kind: 'one-line text',
    role: 'textbox',
    field: 'Home page, lead',
    typed: '',
    says: 'is empty: write the text',
  },
];

for (const slip of slips)
  test(`${/^[aeiou]/.test(slip.kind) ? 'an' : 'a'} ${slip.kind} the check rejects shows its message at the field and is not written`, async () => {
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
