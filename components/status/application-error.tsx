import type { ErrorPage, Site } from '@/content/schema';
import { Logo } from '@/components/layout/logo';
import { PageMain } from '@/components/layout/page-main';
import { SiteHeader } from '@/components/layout/site-header';
import { ButtonLink } from '@/components/ui/button-link';
import { StatusPanel } from './status-panel';

type ApplicationErrorProps = {
  content: ErrorPage;
  site: Site;
};

/** What replaces a page that failed in the browser: the logo, the error and a way home. */
export function ApplicationError({ content, site }: ApplicationErrorProps) {
  return (
    <>
      <SiteHeader logo={<Logo {...site} />} />
      <PageMain>
        <StatusPanel
          headingLines={[content.heading]}
          message={content.message}
          actions={<ButtonLink {...content.home} />}
        />
      </PageMain>
    </>
  );
}
