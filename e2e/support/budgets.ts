/**
 * The static pages' byte budgets, which hold for the site as built (e2e/out/budgets.spec.ts) and
 * with a photograph in the hero (e2e/out/photographs.spec.ts), whose sizes and formats have
 * budgets of their own (scripts/shared/photograph.ts). Sizes are Node's gzip at level 9.
 */

/** What the first round trip can carry: ten TCP segments of 1,460 bytes (RFC 6928). */
export const FIRST_ROUND_TRIP = 14_600;

/** The most each static page may weigh in all: its HTML and every file it loads but photographs. */
export const PAGE_BUDGETS = { 'index.html': 8_000, 'south-africa.html': 12_000 } as const;
