import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';
import type { Contacts, CountryPage } from '@/content/schema';
import { withBrand } from './metadata';
import { convertTime, weekdaysBetween } from './hours';
import { absoluteUrl } from './site-url';

type CountryPageData = {
  page: CountryPage;
  contacts: Contacts;
  /** The page's own path, e.g. '/south-africa'. */
  path: string;
  phoneCountry: CountryCode;
};

/**
 * schema.org structured data for a country page: the office as a FinancialService and the
 * 'Back to:' trail as a BreadcrumbList. Opening hours are converted into the office's time zone,
 * since schema.org reads them as local time.
 * @returns A JSON-LD document with both, in one @graph.
 */
export function countryPageStructuredData({ page, contacts, path, phoneCountry }: CountryPageData) {
  const { office } = page;
  const { hours } = contacts;
  const international = (phone: string) =>
    parsePhoneNumberWithError(phone, phoneCountry).formatInternational();
  const openingHours = {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: weekdaysBetween(hours.from, hours.to).map((day) => `https://schema.org/${day}`),
    opens: convertTime(hours.opens, hours.timeZone, office.timeZone),
    closes: convertTime(hours.closes, hours.timeZone, office.timeZone),
  };
  const [, abroad] = contacts.onlineBankingLines;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'FinancialService',
        '@id': `${absoluteUrl(path)}#office`,
        name: withBrand(office.name),
        url: absoluteUrl(path),
        address: {
          '@type': 'PostalAddress',
          addressLocality: office.locality,
          addressCountry: office.country,
        },
        email: contacts.generalEmail,
        telephone: international(abroad.phone),
        openingHoursSpecification: [openingHours],
        contactPoint: contacts.onlineBankingLines.map((line) => ({
          '@type': 'ContactPoint',
          contactType: page.contact.clients.onlineHeading,
          name: line.label,
          telephone: international(line.phone),
          email: contacts.onlineBankingEmail,
          hoursAvailable: openingHours,
        })),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { name: page.parent.label, item: absoluteUrl(page.parent.href) },
          { name: page.title, item: absoluteUrl(path) },
        ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
      },
    ],
  };
}
