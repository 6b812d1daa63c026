import type { Content, Site } from '@/content/schema';
import { PageShell } from '@/components/layout/page-shell';
import { ButtonLink } from '@/components/ui/button-link';
import { StatusPanel } from './status-panel';

/** What replaces a page that failed in the browser: the page shell, the error and a way home. */
export function ApplicationError({ content, site }: { content: Content['errorPage']; site: Site }) {
  return (
    <PageShell site={site} year={content.copyrightYear}>
      <StatusPanel
        headingLines={[content.heading]}
        message={content.message}
        actions={<ButtonLink {...content.home} />}
      />
    </PageShell>
  );
}
