import type { Metadata } from 'next';
import { home } from '@/content/home';
import { site } from '@/content/site';
import { Logo } from '@/components/layout/logo';
import { PageMain } from '@/components/layout/page-main';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { StatusPanel } from '@/components/status/status-panel';
import { ButtonLink } from '@/components/ui/button-link';
import { pageMetadata } from '@/lib/metadata';
import { routes } from '@/lib/routes';

export const metadata: Metadata = pageMetadata({
  title: home.title,
  description: home.description,
  path: routes.home,
});

export default function HomePage() {
  return (
    <>
      <SiteHeader logo={<Logo {...site} />} />
      <PageMain>
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
      </PageMain>
      <SiteFooter {...site} year={home.copyrightYear} />
    </>
  );
}
