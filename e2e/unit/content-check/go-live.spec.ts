import { test } from '@playwright/test';
import { expectCheck, type ContentCase } from '../../support/content-check';

/**
 * The content check's go-live list: each row is an edit that passes the check, and the placeholders
 * it adds to the list of what to replace before launch.
 */

/** The go-live list: placeholders that pass the check but must be replaced before launch. */
const goLiveCases: ContentCase[] = [
  {
    name: 'a share image that shows another name than the content',
    edit: { file: 'content/site.ts', find: "name: 'Kestrel Bank'", replace: "name: 'Osprey Bank'" },
    errors: [],
    goLive: [
      {
        at: "src: '/images/share.png'",
        says: 'site.shareImage.src: /images/share.png was drawn for "Kestrel Bank Private Bank: South Africa", not "Osprey Bank Private Bank: South Africa": run npm run images',
      },
    ],
  },
];

test.describe('the go-live list', () => {
  for (const contentCase of goLiveCases) test(contentCase.name, () => expectCheck(contentCase));
});
