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
