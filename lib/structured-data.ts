import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { contact } from '@/content/contact';
import { WEEKDAYS, type Content } from '@/content/schema';
import { site } from '@/content/site';
import { withBrand } from './metadata';
import { convertTime } from './hours';
import { absoluteUrl } from './site-url';

/** A country page's JSON-LD: its office (a FinancialService) and 'Back to:' trail (BreadcrumbList). */
export function countryPageStructuredData(page: Content['southAfrica'], path: string) {
  const { office } = page;
  const url = absoluteUrl(path);
  const { hours } = contact;
  const international = (phone: string) =>
    parsePhoneNumberWithError(phone, site.phoneCountry).formatInternational();
  // The open days: from `from` through `to`, wrapping past Sunday if need be.
  const week = [...WEEKDAYS.slice(WEEKDAYS.indexOf(hours.from)), ...WEEKDAYS];
  const openDays = week.slice(0, week.indexOf(hours.to) + 1);
  // schema.org reads opening hours as local time: the office's.
  const openingHours = {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: openDays.map((day) => `https://schema.org/${day}`),
    opens: convertTime(hours.opens, hours.timeZone, office.timeZone),
    closes: convertTime(hours.closes, hours.timeZone, office.timeZone),
  };
  const [, abroad] = contact.onlineBankingLines;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'FinancialService',
        '@id': `${url}#office`,
        name: withBrand(office.name),
        url,
        address: {
          '@type': 'PostalAddress',
          addressLocality: office.locality,
          addressCountry: office.country,
        },
        email: contact.generalEmail,
        telephone: international(abroad.phone),
        openingHoursSpecification: [openingHours],
        contactPoint: contact.onlineBankingLines.map((line) => ({
          '@type': 'ContactPoint',
          contactType: page.contact.clients.onlineHeading,
          name: line.label,
          telephone: international(line.phone),
          email: contact.onlineBankingEmail,
          hoursAvailable: openingHours,
        })),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { name: page.parent.label, item: absoluteUrl(page.parent.href) },
          { name: page.title, item: url },
        ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
      },
    ],
  };
}
