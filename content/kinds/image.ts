/**
 * A picture: a file in public/, and what a picture needs besides its file (the schema's picture,
 * content/schema/index.ts): a description read aloud to visitors who cannot see it, unless it is
 * marked as decoration, and a note of where it comes from and under what licence the bank uses it.
 */
import { z } from 'zod';
import { noInvisibleCharacters, readableText } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const imageKind = defineKind({
  name: 'image',
  value: z.string(),
  rule(value, check) {
    if (!value.startsWith('/') || !check.isPublicFile(value))
      check.refuse(`"${value}" is not in public/: write it like /images/a.svg`);
    // A file the servers send as anything but a picture reaches a browser as a download, and with
    // nosniff is never drawn.
    else if (!check.servedType(value)?.startsWith('image/'))
      check.refuse(
        `"${value}" is a file the servers do not send as a picture: choose one whose name ends .${check.pictureExtensions.join(' or .')}`,
      );
  },
  input: { input: 'choice', spellcheck: false, choices: 'images' },
  onPage: { tagged: false, variant: longer },
});

/** A file under public/, from its folder, like '/images/hero.svg'. */
export const publicImage = () => imageKind.mark(noInvisibleCharacters);

/**
 * Where a picture comes from and under what licence the bank uses it: for the bank's records and
 * the next editor, never shown to visitors.
 */
export const pictureSource = () =>
  readableText('', { blank: true }).refine(
    (value) => value.trim() !== '',
    "is empty: say where the picture comes from and under what licence the bank uses it, like 'Photograph by A. Person, bought from an agency under its standard licence'",
  );

/**
 * A picture's description against its mark as decoration: a picture that says something is
 * described, for visitors who cannot see it; one marked as decoration is not, as screen readers
 * pass it by (its description, alt="", says so to them).
 */
export function describedUnlessDecorative(
  picture: { alt: string; decorative: boolean },
  context: z.RefinementCtx,
) {
  const described = picture.alt.trim() !== '';
  if (described === !picture.decorative) return;
  context.addIssue({
    code: 'custom',
    path: ['alt'],
    message: described
      ? "is written for a picture marked as only decoration, which screen readers pass by: empty it, or untick 'only decoration' if the picture says something"
      : "is empty: say what the picture shows, in a few words, for visitors who cannot see it; or tick 'only decoration' if it says nothing the page's words do not",
  });
}
