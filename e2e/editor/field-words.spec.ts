import { expect, test, type Page } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * Every field of the editing view's form, as a screen reader is told it (issue #52, item 4): each
 * input, list and group has a name in the words a bank's marketing editor uses, never a name from
 * the code ("Site, url", "Legal, fsp number", "Navigation, group current"), and a description in
 * whole words of what it is for. The names and descriptions are read from the running view, from
 * Chromium's own accessibility tree, and held to this spec's own rules: the list of names, read by
 * eye, is e2e/unit/field-names.spec.ts.
 */

const session = editingViewForSpec();

/** A field of the form as the accessibility tree gives it: its role, name and description. */
type Field = { role: string; name: string; description: string };

/** The roles of the form's fields: its inputs, and its lists and groups (fieldsets). */
const FIELD_ROLES = ['textbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'listbox', 'group'];

/**
 * The fields of every content file's part of the form (a region named after its file, like
 * "Contact content/contact.ts"), read from Chromium's accessibility tree over the DevTools
 * protocol. A <details> ("Details", a field's path for developers) is a group with no name: it is
 * no field.
 */
async function formFields(page: Page): Promise<Field[]> {
  const session = await page.context().newCDPSession(page);
  try {
    type AxNode = {
      nodeId: string;
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      description?: { value: string };
      childIds?: string[];
    };
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const fields: Field[] = [];
    const visit = (node: AxNode) => {
      const role = node.role?.value ?? '';
      const name = node.name?.value ?? '';
      if (!node.ignored && FIELD_ROLES.includes(role) && !(role === 'group' && name === ''))
        fields.push({ role, name, description: node.description?.value ?? '' });
      for (const child of node.childIds ?? []) visit(byId.get(child)!);
    };
    for (const node of nodes)
      if (node.role?.value === 'region' && /content\/[\w-]+\.ts$/.test(node.name?.value ?? ''))
        visit(node);
    return fields;
  } finally {
    await session.detach();
  }
}

/**
 * What makes a name code, not words: words joined in camelCase, dots, underscores, brackets,
 * braces, slashes or a hash, and the short or technical words programmers and designers name
 * fields with (in lower case; "UK", "FSP" and "PAIA" are words an editor writes as such).
 */
const CODE = [
  /[a-z][A-Z]/,
  /[._[\]{}/\\#=<>`]/,
  // prettier-ignore
  /\b(id|ids|url|uri|href|src|alt|img|nav|btn|cta|txt|fsp|uk|paia|hero|lead|intro|body|exclamation|prospects|slug|meta|variant|locality|aria|tel|mailto|config|enum|str|bool)\b/,
];

/** Whole words in a description: four or more words of letters, and a sentence's full stop. */
const inWholeWords = (text: string) =>
  (text.match(/\b[A-Za-z][a-z’']+\b/g) ?? []).length >= 4 && /[A-Za-z0-9)'’]\./.test(text);

test.beforeAll(async () => {
  // The form is drawn once the content files are read: the home page's title is one of its fields.
  await expect(
    session.page.getByRole('textbox', { name: 'Home page, title', exact: true }),
  ).toBeVisible();
});

test("every field of the form has a name in an editor's words, none of them code", async () => {
  const fields = await formFields(session.page);
  // Every file's fields are read: well over a hundred and fifty with the committed content.
  expect(fields.length).toBeGreaterThan(150);
  expect(fields.filter(({ name }) => name.trim() === '')).toEqual([]);
  expect(fields.filter(({ name }) => CODE.some((code) => code.test(name)))).toEqual([]);
  // The names the issue found written as code are now in words.
  const names = fields.map(({ name }) => name);
  expect(names).toEqual(
    expect.arrayContaining([
      'Legal, UK regulatory status',
      'Legal, FSP number',
      'Site, web address',
      "Navigation, this site's link in the top bar",
    ]),
  );
  expect(names).not.toEqual(
    expect.arrayContaining([expect.stringMatching(/^(Legal, uk status|Site, url)$/)]),
  );
});

test('every field of the form says in whole words what it is for', async () => {
  const fields = await formFields(session.page);
  expect(fields.length).toBeGreaterThan(150);
  expect(fields.filter(({ description }) => !inWholeWords(description))).toEqual([]);
});

test("a field's description is its help, which a screen reader reads with its name", async () => {
  const page = session.page;
  await expect(
    page.getByRole('textbox', { name: "Contact, online banking line 1, callers' country" }),
  ).toHaveAccessibleDescription(
    /^The country whose callers dial the number as it is written, as its two-letter code/,
  );
  await expect(
    page.getByRole('group', { name: 'South Africa page, sections', exact: true }),
  ).toHaveAccessibleDescription(
    /^The sections between the opening paragraphs and the contact cards/,
  );
});
