import type { Content } from './schema';

/** Brand and interface words shared by every page. The brand is a fictional placeholder. */
export const site = {
  url: 'https://private-bank.example.com',
  name: 'Kestrel Bank',
  division: 'Private Bank',
  logoAccessibleName: '{name} {division}, homepage',
  logoHref: '/',
  skipLink: 'Skip to main content',
  newTabNotice: '(opens in a new tab)',
  pageTitle: '{page} | {division} | {name}',
  copyright: '© {year} {name}. All rights reserved.',
  language: 'en-GB',
  shareImage: {
    src: '/images/share.png',
    alt: '{name} {division}: offshore private banking for clients in South Africa',
    source: 'Drawn by npm run images from the site’s words; the bank’s own',
    width: 1200,
    height: 630,
  },
  phoneCountry: 'GB',
} satisfies Content['site'];
