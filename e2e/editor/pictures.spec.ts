import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { editingViewForSpec } from '../support/editing-view';

/**
 * A picture copied into public/ as an editor would (issue #53), of a type no server sends as a
 * picture (a GIF: nginx would send it as application/octet-stream with nosniff, and no browser
 * would draw it): the content check refuses it at the field, in words that say which pictures the
 * servers send, and the content file keeps the picture it had.
 */

/** A small GIF, as an old drawing program writes one, made before the view starts. */
let picture: Buffer;
test.beforeAll(async () => {
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b8e23' } })
    .gif()
    .toBuffer();
});
// The GIF goes in the copy's public/images before the view starts.
const session = editingViewForSpec({
  own: {
    prepare: (folder) => writeFileSync(path.join(folder, 'public/images/office.gif'), picture),
  },
});

test('a GIF copied into public/ is offered for the hero, and refused there in words: no server sends it as a picture', async () => {
  const hero = session.page.getByRole('combobox', {
    name: 'South Africa page, picture at the top, file',
  });
  const before = readFileSync(path.join(session.view.folder, 'content/south-africa.ts'), 'utf8');
  await hero.selectOption('/images/office.gif');
  await expect(hero).toHaveAccessibleDescription(
    /Not saved: "\/images\/office\.gif" is a file the servers do not send as a picture: choose one whose name ends \.svg or \.png or \.jpg or \.jpeg or \.webp or \.avif/,
  );
  await expect(session.page.getByRole('status')).toContainText(
    'Not saved: South Africa page, picture at the top, file',
  );
  expect(readFileSync(path.join(session.view.folder, 'content/south-africa.ts'), 'utf8')).toBe(
    before,
  );
});
