/**
 * What the product brief fixes (shared/spec/product-brief.md), written out literally. Tests check
 * these as they are: a content edit that changes one must fail until the brief changes too.
 * Everything else the tests expect is editorial copy, imported from content/.
 */
export const brief = {
  /** The routes with an address of their own; any other path is the not-found page. */
  routes: ['/', '/south-africa'],
  /** The title of the page at /, which its browser tab starts with. */
  homeTitle: 'Oops! Something went wrong',
  /** The top navigation of /south-africa, in order. */
  topNavigation: [
    'Private Bank',
    'Channel Islands and Isle of Man',
    'International Banking',
    'Investment Bank',
    'Corporate Banking',
    'Log in',
    'Contact us',
    'About us',
  ],
  /** The main navigation of /south-africa, in order. */
  mainNavigation: [
    'What we offer',
    'Who we work with',
    'Where we’re located',
    'Digital services',
    'Insights',
    'Support and information',
  ],
  /**
   * The headings of /south-africa in the brief's order: the hero, the text sections, 'Contact your
   * local team' and 'Important information' (level 2), and the two cards (level 3). The page sets
   * apostrophes typographically: ’.
   */
  southAfricaHeadings: {
    levels1And2: [
      'South Africa',
      'Personal service from a global team',
      'Creating the right service for you',
      'Contact your local team',
      'Important information',
    ],
    level3: [
      'Become a Private Bank client in South Africa',
      'Already a client? We’re here to help',
    ],
  },
  /**
   * Words the brief gives for controls and messages, as the pages set them (with ’ for the
   * apostrophe), by page.
   */
  home: { officeButton: 'South Africa Office', errorButton: '404 Error' },
  southAfrica: {
    currentSite: 'Private Bank',
    backTo: 'Back to:',
    parent: 'Where we’re located',
    callBack: 'Request a call back',
  },
  notFound: {
    exclamation: 'Oops!',
    heading: 'Something went wrong',
    message: 'We can’t find the page you’re looking for.',
    back: 'Go back to previous page',
    helpCentre: 'help centre',
  },
  /** Copyright years of the footers. */
  copyrightYears: { home: 2025, notFound: 2024 },
  /** The minimum investable portfolio, as the page states it. */
  minimumPortfolio: 'at least £5 million, or the local equivalent',
  /** Support hours, as the page states them. */
  supportHours: '09:00 to 17:00 UTC, Monday to Friday',
  /** The same hours in South Africa's own time (UTC+2, no daylight saving), as schema.org wants them. */
  supportHoursInJohannesburg: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '11:00',
    closes: '19:00',
  },
  /** Where the office is. */
  office: { locality: 'Johannesburg', country: 'ZA' },
  /** What the important information must say about call charges. */
  freeNumbers: '0800 and 0808 numbers are free from UK landlines',
} as const;
