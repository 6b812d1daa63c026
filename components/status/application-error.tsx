import type { Content, Legal, Site } from '@/content/schema';
import { PageShell } from '@/components/layout/page-shell';
import { ButtonLink } from '@/components/ui/button-link';
import { StatusPanel } from './status-panel';

type ApplicationErrorProps = { content: Content['errorPage']; site: Site; legal: Legal };

/** What replaces a page that failed in the browser: the page shell, the error and a way home. */
export function ApplicationError({ content, site, legal }: ApplicationErrorProps) {
  return (
    <PageShell site={site} legal={legal} year={content.copyrightYear}>
      <StatusPanel
        headingLines={[content.heading]}
        message={content.message}
        actions={<ButtonLink {...content.home} />}
      />
    </PageShell>
  );
}
