import type { Page } from '@playwright/test';

/** A node of Chromium's accessibility tree: what a screen reader is told. */
type AxNode = { role: string; name: string; expanded: boolean | undefined };

/**
 * Reads the nodes with this accessible name from Chromium's own accessibility tree, over the Chrome
 * DevTools Protocol, so Chromium only. Playwright's role queries work out names and states by
 * themselves; these tests need what the browser actually tells a screen reader, such as whether a
 * popover's button is expanded, or whether a <wbr> inside a link's text adds a space to its name.
 */
export async function accessibilityNodes(page: Page, name: string): Promise<AxNode[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        properties?: Array<{ name: string; value: { value: unknown } }>;
      }>;
    };
    return nodes
      .filter((node) => !node.ignored && node.name?.value === name)
      .map((node) => ({
        role: node.role?.value ?? '',
        name,
        expanded: node.properties?.find((property) => property.name === 'expanded')?.value.value as
          boolean | undefined,
      }));
  } finally {
    await session.detach();
  }
}
