/** A picture: a file in public/. */
import { z } from 'zod';
import { noInvisibleCharacters } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const imageKind = defineKind({
  name: 'image',
  value: z.string(),
  rule(value, check) {
    if (!value.startsWith('/') || !check.isPublicFile(value))
      check.refuse(`"${value}" is not in public/: write it like /images/a.svg`);
  },
  input: { input: 'choice', spellcheck: false, choices: 'images' },
  onPage: { tagged: false, variant: longer },
});

/** A file under public/, from its folder, like '/images/hero.svg'. */
export const publicImage = () => imageKind.mark(noInvisibleCharacters);
