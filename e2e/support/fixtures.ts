/**
 * The `test` and `expect` that every browser spec imports instead of Playwright's own: each page a
 * test opens is watched, and the test fails on any error a visitor could meet, even one that no
 * assertion of the test looks for.
 */
import { test as base, expect, type Page, type Request } from '@playwright/test';

/**
 * Watches a page for what a visitor should never meet: script errors, console errors, failed
 * requests, error responses and Content-Security-Policy violations. Expected, and let through: the
 * browser's note that a missing page's document answered 404, requests cut short because the visitor
 * left the page that made them, with JavaScript off, scripts the browser declines to fetch, and
 * requests the test itself blocked as an ad blocker would (route.abort('blockedbyclient')).
 * @returns A function that lists the problems seen so far, and the list of violations as they come.
 */
async function watch(
  page: Page,
  expectedErrors: readonly RegExp[],
  javaScriptEnabled: boolean,
): Promise<{ problems: () => string[]; violations: string[] }> {
  const problems: string[] = [];
  const violations: string[] = [];
  // Each document the tab shows is numbered; a request belongs to the one current when it was made.
  let documentNumber = 0;
  const documentNumberOfRequest = new WeakMap<Request, number>();
  const abortedRequests: Array<{ request: Request; documentNumber: number }> = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documentNumber += 1;
  });
  page.on('request', (request) => documentNumberOfRequest.set(request, documentNumber));
  // Content-Security-Policy violations are reported in the page; carry them out to the test.
  await page.exposeBinding('reportCspViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  // The addresses whose document answered 404 on purpose; the browser logs an error for each.
  const missingDocuments = new Set<string>();

  page.on('response', (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      if (response.status() === 404) missingDocuments.add(response.url());
      return;
    }
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // With JavaScript off, the browser declines to fetch scripts it was asked to preload.
    if (!javaScriptEnabled && request.resourceType() === 'script') return;
    if (request.failure()?.errorText.startsWith('net::ERR_BLOCKED_BY_CLIENT')) return;
    // Leaving a page cancels what it was still loading, such as its icon. Whether the page was left
    // is only known once the next one arrives, so this waits until the end of the test.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') {
      abortedRequests.push({
        request,
        documentNumber: documentNumberOfRequest.get(request) ?? documentNumber,
      });
      return;
    }
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('pageerror', (error) => {
    if (!expectedErrors.some((pattern) => pattern.test(error.message))) {
      problems.push(`script error: ${error.message}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const isMissingDocument =
      text.startsWith('Failed to load resource') && missingDocuments.has(message.location().url);
    const isExpected = expectedErrors.some((pattern) => pattern.test(text));
    if (!isMissingDocument && !isExpected) problems.push(`console error: ${text}`);
  });
  // An aborted request is a problem only if its document is still the one shown: nothing left it.
  return {
    problems: () => [
      ...problems,
      ...abortedRequests
        .filter((aborted) => aborted.documentNumber === documentNumber)
        .map((aborted) => `request aborted: ${aborted.request.url()}`),
    ],
    violations,
  };
}

type Fixtures = {
  /** Console or script errors a test provokes on purpose; every other one fails the test. */
  expectedErrors: readonly RegExp[];
  /**
   * The Content-Security-Policy violations a test provokes on purpose, each matched by one pattern
   * in order: the test fails on any other violation, and on an expected one that never came.
   */
  expectedViolations: readonly RegExp[];
};

/** Playwright's test, with every page watched for problems (see watch above). */
export const test = base.extend<Fixtures>({
  expectedErrors: [[], { option: true }],
  expectedViolations: [[], { option: true }],
  // Every test that opens a page has it watched, and fails at its end on any problem seen.
  page: async ({ page, expectedErrors, expectedViolations, javaScriptEnabled }, provide) => {
    const { problems, violations } = await watch(page, expectedErrors, javaScriptEnabled);
    await provide(page);
    expect(problems(), 'console or script errors, failed requests').toEqual([]);
    expect(violations, 'Content-Security-Policy violations').toEqual(
      expectedViolations.map((pattern) => expect.stringMatching(pattern)),
    );
  },
});

export { expect };
