import type { Metadata } from 'next';
import { contact } from '@/content/contact';
import { navigation } from '@/content/navigation';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { southAfrica as page } from '@/content/south-africa';
import { PageShell } from '@/components/layout/page-shell';
import { Breadcrumb } from '@/components/navigation/breadcrumb';
import { GroupNav } from '@/components/navigation/group-nav';
import { MainNav } from '@/components/navigation/main-nav';
import { JsonLd } from '@/components/seo/json-ld';
import { ContactSection } from '@/components/sections/contact-section';
import { Hero } from '@/components/sections/hero';
import { Intro } from '@/components/sections/intro';
import { PageBody } from '@/components/layout/page-body';
import { TextSection } from '@/components/sections/text-section';
import { legalStatements } from '@/lib/legal';
import { pageMetadata } from '@/lib/metadata';
import { routes } from '@/lib/routes';
import { countryPageStructuredData } from '@/lib/structured-data';

export const metadata: Metadata = pageMetadata(page, routes.southAfrica);

export default function SouthAfricaPage() {
  const { licence, complaints } = legalStatements(legal, site.name);
  const values = { minimumPortfolio: page.minimumPortfolio, licence, complaints };
  return (
    <PageShell
      site={site}
      legal={legal}
      year={page.copyrightYear}
      top={<GroupNav {...navigation} />}
      nav={<MainNav {...navigation} currentId={page.section} />}
    >
      <Breadcrumb label={page.breadcrumbLabel} backTo={page.backTo} parent={page.parent} />
      <Hero title={page.title} image={page.hero} />
      <PageBody>
        <Intro paragraphs={page.intro} values={values} />
        {page.sections.map((section) => (
          <TextSection key={section.id} {...section} values={values} />
        ))}
        <ContactSection
          content={page.contact}
          contacts={contact}
          values={values}
          phoneCountry={site.phoneCountry}
          office={page.office}
        />
        <TextSection {...page.important} values={values} variant="note" />
      </PageBody>
      <JsonLd
        data={countryPageStructuredData({
          page,
          contacts: contact,
          path: routes.southAfrica,
          phoneCountry: site.phoneCountry,
        })}
      />
    </PageShell>
  );
}
