import type { Metadata } from 'next';
import { contact } from '@/content/contact';
import { navigation } from '@/content/navigation';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { southAfrica as page } from '@/content/south-africa';
import { PageShell } from '@/components/layout/page-shell';
import { Breadcrumb } from '@/components/navigation/breadcrumb';
import { CollapsibleNav } from '@/components/navigation/collapsible-nav';
import { GroupNav } from '@/components/navigation/group-nav';
import { NavList } from '@/components/navigation/nav-list';
import { JsonLd } from '@/components/seo/json-ld';
import { ContactSection } from '@/components/sections/contact-section';
import { Hero } from '@/components/sections/hero';
import { TextSection } from '@/components/sections/text-section';
import { Paragraphs } from '@/components/ui/paragraphs';
import { legalStatements } from '@/lib/legal';
import { pageMetadata } from '@/lib/metadata';
import { routes } from '@/lib/routes';
import { countryPageStructuredData } from '@/lib/structured-data';
import styles from './page.module.css';

export const metadata: Metadata = pageMetadata(page, routes.southAfrica);

/** The South Africa office's page: its services, how to reach the team, and the small print. */
export default function SouthAfricaPage() {
  const { licence, complaints } = legalStatements(legal, site.name);
  // The page's paragraphs may name the minimum portfolio and the footer's licence and complaints
  // statements, so a figure or a regulator's wording is written once.
  const slotValues = { minimumPortfolio: page.minimumPortfolio, licence, complaints };
  return (
    <PageShell
      site={site}
      legal={legal}
      copyrightYear={page.copyrightYear}
      top={
        <GroupNav
          accessibleName={navigation.groupAccessibleName}
          menuLabel={navigation.groupMenu}
          closeLabel={navigation.closeMenu}
          groupSites={navigation.group}
          currentGroupSiteId={navigation.groupCurrent}
          logIn={navigation.logIn}
          serviceLinks={navigation.service}
        />
      }
      nav={
        <CollapsibleNav
          accessibleName={navigation.mainAccessibleName}
          menuLabel={navigation.mainMenu}
          closeLabel={navigation.closeMenu}
        >
          <NavList items={navigation.main} currentId={page.navigationId} />
        </CollapsibleNav>
      }
    >
      <Breadcrumb
        accessibleName={page.breadcrumbAccessibleName}
        line={page.backTo}
        parent={page.parent}
      />
      <Hero heading={page.title} image={page.hero} />
      <div className={`${styles.body} site-width`}>
        <div className={styles.intro}>
          <Paragraphs paragraphs={page.intro} values={slotValues} />
        </div>
        {page.sections.map((section) => (
          <TextSection key={section.id} {...section} values={slotValues} />
        ))}
        <ContactSection
          block={page.contact}
          office={page.office}
          contactDetails={contact}
          values={slotValues}
          phoneCountry={site.phoneCountry}
        />
        <TextSection {...page.important} values={slotValues} variant="note" />
      </div>
      <JsonLd data={countryPageStructuredData(page, routes.southAfrica)} />
    </PageShell>
  );
}
