/**
 * The kinds of field: what a field holds, beyond "text", readable by a program. Each kind's
 * constructor gives a field its rule and marks it in the `fieldKinds` registry, so that the content
 * check applies the kind's own rule wherever such a field is written, whatever its name
 * (scripts/build/content-rules.ts), and so that a program can offer an input fit for it. A text
 * field with no kind is one line of text.
 */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { EMAIL, noInvisibleCharacters, readableText, rule, statutoryText } from './text-rules';

/**
 * The kinds of field, and what each holds:
 * - `multilineText`: a text whose line breaks ('\n') show, such as an e-mail's body.
 * - `statutoryText`: a text whose words a regulation prescribes; the check holds them.
 * - `code`: an id, a language tag or a country code: machines compare it, people do not read it.
 * - `time`: a 24-hour time, 'HH:MM'.
 * - `timeZone`: an IANA time zone, such as 'Africa/Johannesburg', or 'UTC'.
 * - `link`: where a link goes; a page or section of this site, https:, mailto:, tel: or '#'.
 * - `missingPage`: an address on this site that is deliberately no page.
 * - `phoneNumber`: a phone number as visitors read it, read with site.phoneCountry.
 * - `emailAddress`, `siteAddress`, `securityContact`: addresses that must not stay examples.
 * - `year`: a copyright year, from 1991 to next year.
 * - `image`: a file in public/.
 * - `description`: a text for search results, no longer than they show.
 * - `registrationNumber`: a regulator's number for the bank, not the all-zero placeholder.
 * - `expiry`: when a file goes stale, under a year ahead and not yet passed.
 */
export type FieldKind =
  | 'multilineText'
  | 'statutoryText'
  | 'code'
  | 'time'
  | 'timeZone'
  | 'link'
  | 'missingPage'
  | 'phoneNumber'
  | 'emailAddress'
  | 'siteAddress'
  | 'securityContact'
  | 'year'
  | 'image'
  | 'description'
  | 'registrationNumber'
  | 'expiry';
/** Each field schema's kind, for the content check (and any other program) to find. */
export const fieldKinds = z.registry<{ kind: FieldKind }>();
/** A copy of a field schema marked with its kind; copies made from it keep the kind. */
const ofKind = <T extends z.ZodType>(kind: FieldKind, schema: T): T => {
  const copy = schema.clone();
  fieldKinds.add(copy, { kind });
  return copy;
};

/** A text whose line breaks show: write '\n' where a new line starts. */
export const multilineText = () => ofKind('multilineText', readableText('', { kind: 'letter' }));
/** A statutory text, with these slots: it must say each of `must`, and none of `never`. */
export const statutory = (...args: Parameters<typeof statutoryText>) =>
  ofKind('statutoryText', statutoryText(...args));
/** A 24-hour time, 'HH:MM'. */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day, on a 24-hour clock: '09:00', '17:30'. */
export const time = () => ofKind('time', rule(TIME, 'a 24-hour time', '09:00'));
const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
/** A time zone by its IANA name: 'UTC', 'Africa/Johannesburg', 'Europe/London'. */
export const timeZone = () =>
  ofKind(
    'timeZone',
    rule((v) => zones.includes(v), 'a time zone', 'Africa/Johannesburg'),
  );
/** Where a link goes: a page here ('/south-africa#contact'), https://, mailto:, tel:, or '#'. */
export const linkAddress = () => ofKind('link', noInvisibleCharacters);
/** An address on this site that is no page, like '/this-page-does-not-exist'. */
export const missingPageAddress = () => ofKind('missingPage', noInvisibleCharacters);
/** A phone number as visitors read it: '0808 157 0192', '+44 20 7946 0321'. */
export const phoneNumber = () => ofKind('phoneNumber', noInvisibleCharacters);
/** An e-mail address: 'name@bank.co.za'. */
export const emailAddress = () =>
  ofKind('emailAddress', rule(EMAIL, 'an e-mail address', 'name@bank.co.za'));
const isOrigin = (v: string) => /^https:/.test(v) && URL.canParse(v) && new URL(v).origin === v;
/** A site's https:// address with nothing after the host: 'https://www.bank.co.za'. */
export const siteAddress = () =>
  ofKind(
    'siteAddress',
    rule(isOrigin, 'an https:// address with nothing after the host', 'https://a.za'),
  );
const isContactUri = (v: string) =>
  v.startsWith('mailto:') ? EMAIL.test(v.slice(7)) : /^https:\/\/[^/]/.test(v) && URL.canParse(v);
/** Where to report a security problem: a mailto: link or an https:// page. */
export const securityContact = () =>
  ofKind(
    'securityContact',
    rule(isContactUri, 'a mailto: or https:// address', 'mailto:security@bank.co.za'),
  );
/** A year, as a number: 2025. */
export const year = () => ofKind('year', z.int());
/** A file under public/, from its folder, like '/images/hero.svg'. */
export const publicImage = () => ofKind('image', noInvisibleCharacters);
/** One or two sentences for search results and share cards, with these slots. */
export const description = (offers = '') =>
  ofKind('description', readableText(offers, { kind: 'searchDescription' }));
/** A regulator's number for the bank: digits as `pattern` allows, named `what`. */
export const registrationNumber = (pattern: RegExp, what: string, example: string) =>
  ofKind('registrationNumber', rule(pattern, what, example));
/** A date and time in UTC, as RFC 3339 writes it, whole seconds: 2027-11-23T00:00:00Z. */
const UTC = z.regexes.datetime({ precision: 0 });
/** When something goes stale, in UTC: '2027-11-23T00:00:00Z'. */
export const expiry = () =>
  ofKind('expiry', rule(UTC, 'a date and time in UTC', '2027-11-23T00:00:00Z'));

/** Lower-case words with dashes, as ids and anchors are written: 'contact-us'. */
export const slug = () =>
  ofKind('code', rule(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words with dashes', 'contact-us'));
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const isLanguageTag = (v: string) => /^[a-z]{2,3}-[A-Z]{2}$/.test(v) && !!languages.of(v);
/** A language with its region, as a page declares it: 'en-GB'. */
export const languageTag = () => ofKind('code', rule(isLanguageTag, 'a language tag', 'en-GB'));
const isLanguageCode = (v: string) => /^[a-z]{2,3}(-[A-Z]{2})?$/.test(v) && !!languages.of(v);
/** A language, with or without its region: 'en', 'af-ZA'. */
export const languageCode = () => ofKind('code', rule(isLanguageCode, 'a language tag', 'en'));
/** A two-letter country code that the dialling rules know: 'ZA', 'GB'. */
export const country = () =>
  ofKind(
    'code',
    rule(
      (v): v is CountryCode => isSupportedCountry(v),
      'a two-letter country code',
      'ZA',
    ) as z.ZodType<CountryCode>,
  );
