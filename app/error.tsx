'use client';

import { errorPage } from '@/content/error-page';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { PageShell } from '@/components/layout/page-shell';
import { StatusPanel } from '@/components/status/status-panel';
import { ButtonLink } from '@/components/ui/button-link';

/**
 * Shown in place of a page that failed while running in the browser, inside the root layout.
 * Next.js requires an error boundary to be a client component, which is why this file runs in the
 * browser.
 */
export default function ErrorPage() {
  return (
    <PageShell site={site} legal={legal} copyrightYear={errorPage.copyrightYear}>
      <StatusPanel
        headingLines={[errorPage.heading]}
        message={errorPage.message}
        actions={<ButtonLink {...errorPage.homeButton} />}
      />
    </PageShell>
  );
}
