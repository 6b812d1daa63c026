import type { CountryCode } from 'libphonenumber-js/max';
import { contact } from '@/content/contact';
import { WEEKDAYS, type Content } from '@/content/schema';
import { site } from '@/content/site';
import { withBrand } from './metadata';
import { convertTime } from './hours';
import { checkedPhoneNumber } from './phone';
import { absoluteUrl } from './site-url';

/**
 * schema.org structured data for a country page, for search engines: the office as a
 * FinancialService and the page's 'Back to:' trail as a BreadcrumbList, both in one JSON-LD @graph.
 * @param page The country page's content.
 * @param path The page's own path, e.g. '/south-africa'.
 */
export function countryPageStructuredData(page: Content['southAfrica'], path: string) {
  const { office } = page;
  const pageUrl = absoluteUrl(path);
  const { hours } = contact;
  // Content writes a number as a caller in its line's country, else site.phoneCountry, dials it
  // ('0808 157 0192'); search engines show it to people anywhere, so it is given in international
  // form ('+44 808 157 0192').
  const internationalNumber = ({
    phone,
    country,
  }: {
    phone: string;
    country?: CountryCode | undefined;
  }) => checkedPhoneNumber(phone, country ?? site.phoneCountry).international;
  // The open days run from `hours.from` through `hours.to`, wrapping past Sunday if need be, so the
  // week is written out from the first open day onwards before the last one is looked up.
  const weekFromFirstOpenDay = [...WEEKDAYS.slice(WEEKDAYS.indexOf(hours.from)), ...WEEKDAYS];
  const openDays = weekFromFirstOpenDay.slice(0, weekFromFirstOpenDay.indexOf(hours.to) + 1);
  // schema.org reads opening hours as local time, so they are given in the office's time zone.
  const openingHours = {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: openDays.map((day) => `https://schema.org/${day}`),
    opens: convertTime(hours.opens, hours.timeZone, office.timeZone),
    closes: convertTime(hours.closes, hours.timeZone, office.timeZone),
  };
  // The office is abroad from the UK, so its telephone is the line that answers calls from abroad.
  const [, lineFromAbroad] = contact.onlineBankingLines;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'FinancialService',
        '@id': `${pageUrl}#office`,
        name: withBrand(office.name),
        url: pageUrl,
        address: {
          '@type': 'PostalAddress',
          addressLocality: office.locality,
          addressCountry: office.country,
        },
        email: contact.generalEmail,
        telephone: internationalNumber(lineFromAbroad),
        openingHoursSpecification: [openingHours],
        contactPoint: contact.onlineBankingLines.map((line) => ({
          '@type': 'ContactPoint',
          contactType: page.contact.clients.onlineHeading,
          name: line.label,
          telephone: internationalNumber(line),
          email: contact.onlineBankingEmail,
          hoursAvailable: openingHours,
        })),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { name: page.parent.label, item: absoluteUrl(page.parent.href) },
          { name: page.title, item: pageUrl },
        ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
      },
    ],
  };
}
