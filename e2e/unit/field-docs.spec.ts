import { expect, test } from '@playwright/test';
import { ContentFiles } from '../../editor/content-files';
import { fieldDocs } from '../../editor/field-docs';

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
