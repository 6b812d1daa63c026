/**
 * The business constants that the product brief fixes (shared/spec/product-brief.md, §9). Tests
 * check these literally: a content edit that changes one must fail until the brief changes too.
 * Everything else the tests expect is editorial copy, imported from content/.
 */
export const brief = {
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
