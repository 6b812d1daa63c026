import type { Site } from './types';

/** Brand and interface words shared by every page. The brand is a fictional placeholder. */
export const site = {
  name: 'Kestrel Bank',
  division: 'Private Bank',
  logoLabel: 'Kestrel Bank Private Bank, homepage',
  logoHref: '/',
  skipLink: 'Skip to main content',
  newTabNotice: '(opens in a new tab)',
  pageTitle: '{page} | {division} | {name}',
  copyright: '© {year} {name}. All rights reserved.',
  language: 'en-GB',
  phoneCountry: 'GB',
} satisfies Site;
