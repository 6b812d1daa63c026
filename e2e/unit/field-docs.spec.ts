import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ContentFiles } from '../../editor/both-servers/content-files';
import { fieldDocs, type FieldDoc } from '../../editor/both-servers/field-docs';

/**
 * The help the editing view gives each field, from its doc comment in the schema: the comment's
 * main text for the editor, and its remarks, which only a developer needs, apart.
 */

test("a field's help is its comment's main text in one paragraph, and its remarks are the details", () => {
  const docs = fieldDocs(new ContentFiles().readAll());
  expect(docs['contact.hours.opens']).toEqual({
    help: "The time the team starts answering, on a 24-hour clock, like '09:00', in the time zone chosen below.",
    details: 'Validated by TIME (HH:MM); the schema holds that it comes before closes.',
  });
  // A list's items share their fields' help, under the path with [] for each index.
  expect(docs['southAfrica.sections[].paragraphs[][].label']).toEqual({
    help: 'The words of the link, as visitors see them.',
  });
  expect(docs['site.name']).toEqual({
    help: "The bank's name. It is written only here: other texts say {name} where the name belongs.",
  });
});

test('the help kept from an earlier start is taken while the files read are unchanged, and found anew once one changed', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'field-docs-'));
  try {
    const files = new ContentFiles().readAll();
    const found = fieldDocs(files, folder);
    const [kept] = readdirSync(folder);
    const keptFile = path.join(folder, kept!);
    const answer = JSON.parse(readFileSync(keptFile, 'utf8')) as {
      inputs: [string, string][];
      docs: Record<string, FieldDoc>;
    };
    // The schema is among the files read, and the help kept is what was found.
    expect(answer.inputs.map(([file]) => file)).toContain('content/schema/index.ts');
    expect(answer.docs).toEqual(found);
    // A kept answer is taken as it is, without the work...
    answer.docs['site.name'] = { help: 'kept' };
    writeFileSync(keptFile, JSON.stringify(answer));
    expect(fieldDocs(files, folder)['site.name']).toEqual({ help: 'kept' });
    // ...until a file it was found from has changed since (here, as if the schema had).
    const schema = answer.inputs.find(([file]) => file === 'content/schema/index.ts')!;
    schema[1] = 'another fingerprint';
    writeFileSync(keptFile, JSON.stringify(answer));
    expect(fieldDocs(files, folder)).toEqual(found);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
