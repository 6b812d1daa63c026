import type { Metadata } from 'next';
import { contact } from '@/content/contact';
import { notFound } from '@/content/not-found';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { PageShell } from '@/components/layout/page-shell';
import { BackButton } from '@/components/ui/back-button';
import { IslandErrorPage, IslandRoot } from '@/components/status/island-elements';
import { MissingPathLog } from '@/components/status/missing-path-log';
import { StatusPanel } from '@/components/status/status-panel';
import { ButtonLink } from '@/components/ui/button-link';
import { PhoneLink } from '@/components/ui/phone-link';
import { TemplateText } from '@/components/ui/template-text';
import { pageMetadata } from '@/lib/metadata';
import { notFoundIslandProps } from '@/lib/not-found-island';
import ErrorPage from './error';

// No canonical path: the page answers every missing address, so it has no address of its own to
// give and search engines must not index it.
export const metadata: Metadata = pageMetadata(notFound);

/**
 * What every unknown address shows, with status 404: a way home, a way back, and a number to call.
 * It is the only page that runs JavaScript, for the 'Back' button and the console warning: in the
 * export not Next.js's runtime but an island compiled from those two components
 * (scripts/build/compile-island.ts), which also shows the error page below if its code throws.
 */
export default function NotFound() {
  const islandProps = notFoundIslandProps(notFound);
  return (
    <>
      <PageShell site={site} legal={legal} copyrightYear={notFound.copyrightYear}>
        <MissingPathLog {...islandProps.missingPathLog} />
        <StatusPanel
          headingLines={[notFound.exclamation, notFound.heading]}
          message={notFound.message}
          actions={
            <>
              <ButtonLink {...notFound.homeButton} />
              <IslandRoot>
                <BackButton {...islandProps.backButton} />
              </IslandRoot>
            </>
          }
          aside={
            <p>
              <TemplateText
                text={notFound.help}
                values={{
                  phone: <PhoneLink phone={contact.helpPhone} country={site.phoneCountry} />,
                  helpCentre: <a href={notFound.helpCentre.href}>{notFound.helpCentre.label}</a>,
                }}
              />
            </p>
          }
        />
      </PageShell>
      <IslandErrorPage>
        <ErrorPage />
      </IslandErrorPage>
    </>
  );
}
