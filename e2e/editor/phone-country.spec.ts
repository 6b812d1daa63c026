import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * Numbers in their own country, as an editor meets them in the editing view (issue #52, item 2):
 * a phone line says which country's callers dial it as written. "011 535 4000", a Johannesburg
 * number as South Africans dial it, is accepted on a line whose callers' country is South Africa,
 * and the page beside dials it with South Africa's code; on a line read in the site's country (the
 * UK), it is refused in the check's words, with its international form offered by a button.
 */

const session = editingViewForSpec();

const file = (name: string) =>
  readFileSync(path.join(session.view.folder, 'content', name), 'utf8');
const status = () => session.page.getByRole('status');
/** The page beside the form, as the view draws it. */
const pageBeside = () => session.page.frameLocator('iframe[title="The page as it will look"]');

test('"011 535 4000" on a line for callers in South Africa is saved, and dialled with +27', async () => {
  const page = session.page;
  // The editor types the number first: read in the site's country, it is not one yet, and waits.
  const phone = page.getByRole('textbox', { name: 'Contact, online banking line 1, phone' });
  await phone.fill('011 535 4000');
  await phone.press('Enter');
  await expect(status()).toContainText('Not saved: Contact, online banking line 1, phone');
  await expect(phone).toHaveAccessibleDescription(/\(read as GB\)/);
  // Naming the line's callers' country saves both: the number is one in South Africa.
  const country = page.getByRole('textbox', {
    name: "Contact, online banking line 1, callers' country",
  });
  await country.fill('ZA');
  await country.press('Enter');
  // As one save, whose message names both fields.
  await expect(status()).toContainText('Saved together');
  await expect(status()).toContainText("Contact, online banking line 1, callers' country");
  await expect(status()).toContainText('Contact, online banking line 1, phone');
  await expect(phone).toHaveValue('011 535 4000');
  await expect(phone).not.toHaveAccessibleDescription(/Not saved/);
  await expect(country).not.toHaveAccessibleDescription(/Not saved/);
  const line = /\{ label: 'From the UK', phone: '011 535 4000', country: 'ZA' \}/;
  expect(file('contact.ts')).toMatch(line);
  // The page beside shows the number as written, and its link dials it from anywhere.
  await page.getByRole('combobox', { name: 'Page shown' }).selectOption('/south-africa');
  await expect(pageBeside().getByRole('link', { name: '011 535 4000' })).toHaveAttribute(
    'href',
    'tel:+27115354000',
  );
});

test('"011 535 4000" on a line read in the UK is refused, with +27 11 535 4000 offered', async () => {
  const page = session.page;
  const phone = page.getByRole('textbox', { name: 'Contact, online banking line 2, phone' });
  await phone.fill('011 535 4000');
  await phone.press('Enter');
  await expect(status()).toContainText('Not saved: Contact, online banking line 2, phone');
  await expect(phone).toHaveAccessibleDescription(
    /"011 535 4000" is no phone number \(read as GB\): write it like 0808 157 0192; if it is a number in South Africa, write \+27 11 535 4000/,
  );
  expect(file('contact.ts')).toContain("phone: '+44 20 7946 0321'");
  await page.getByRole('button', { name: 'Write +27 11 535 4000' }).click();
  await expect(phone).toHaveValue('+27 11 535 4000');
  await expect(status()).toContainText('Saved Contact, online banking line 2, phone');
  expect(file('contact.ts')).toContain("phone: '+27 11 535 4000'");
});
