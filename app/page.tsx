import type { Metadata } from 'next';
import { home } from '@/content/home';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { PageShell } from '@/components/layout/page-shell';
import { StatusPanel } from '@/components/status/status-panel';
import { ButtonLink } from '@/components/ui/button-link';
import { pageMetadata } from '@/lib/metadata';
import { routes } from '@/lib/routes';

export const metadata: Metadata = pageMetadata(home, routes.home);

/**
 * The home page, an error-style page as the brief draws it: a link to the South Africa office,
 * which opens in a new tab, and a '404 Error' button to an address that does not exist.
 */
export default function HomePage() {
  return (
    <PageShell site={site} legal={legal} copyrightYear={home.copyrightYear}>
      <StatusPanel
        headingLines={[home.title]}
        message={home.lead}
        actions={
          <>
            <ButtonLink {...home.officeLink} newTabNotice={site.newTabNotice} />
            <ButtonLink {...home.brokenLink} />
          </>
        }
      />
    </PageShell>
  );
}
