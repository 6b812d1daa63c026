import type { Page } from '@playwright/test';

/** A node of Chromium's accessibility tree: what a screen reader is told. */
type AxNode = { role: string; name: string; expanded: boolean | undefined };

/**
 * Reads the nodes with this accessible name from Chromium's own accessibility tree. Playwright's role
 * queries do not model <summary>, so the state a screen reader hears is read from the browser.
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
        expanded: node.properties?.find((p) => p.name === 'expanded')?.value.value as
          boolean | undefined,
      }));
  } finally {
    await session.detach();
  }
}
