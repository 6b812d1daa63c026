import type { Site } from './types';

/** Brand and interface words shared by every page. The brand is a fictional placeholder. */
export const site = {
  url: 'https://private-bank.example.com',
  name: 'Kestrel Bank',
  division: 'Private Bank',
  logoLabel: 'Kestrel Bank Private Bank, homepage',
  logoHref: '/',
  skipLink: 'Skip to main content',
  newTabNotice: '(opens in a new tab)',
  pageTitle: '{page} | {division} | {name}',
  copyright: '© {year} {name}. All rights reserved.',
  language: 'en-GB',
  shareImage: {
    src: '/images/share.png',
    alt: 'Kestrel Bank Private Bank: offshore private banking for clients in South Africa',
    width: 1200,
    height: 630,
  },
  phoneCountry: 'GB',
} satisfies Site;
