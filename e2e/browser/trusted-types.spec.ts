import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';

/**
 * Trusted Types, which every page's policy enforces (require-trusted-types-for 'script', with no
 * policy allowed): a string written into a DOM sink that parses HTML is refused, so markup that an
 * attacker slipped into the page's data could never become elements, scripts or event handlers.
 */
test.describe('Trusted Types', () => {
  // The one violation each test provokes, and the console error that reports it; any other one
  // still fails the test.
  test.use({
    expectedViolations: [/^require-trusted-types-for blocked trusted-types-sink /],
    expectedErrors: [/requires 'TrustedHTML' assignment/],
  });

  for (const expected of pages) {
    test(`the ${expected.name} page refuses a string written into innerHTML`, async ({ page }) => {
      await page.goto(expected.path);
      const outcome = await page.evaluate(async () => {
        const violation = new Promise<string>((resolve) =>
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve(event.effectiveDirective),
            { once: true },
          ),
        );
        const target = document.createElement('div');
        try {
          target.innerHTML = '<img src="/" alt="">';
          return `written: ${target.innerHTML}`;
        } catch (error) {
          return `refused with a ${(error as Error).name}, by ${await violation}`;
        }
      });
      expect(outcome).toBe('refused with a TypeError, by require-trusted-types-for');
    });
  }
});
