/**
 * Phone numbers, as content writes them ('0808 157 0192', '+44 20 7946 0321'): the one place that
 * reads them, for the tel: links, the structured data and the content check alike, so all three
 * agree on what a number is.
 */
import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** A phone number read from content, in the forms the site needs. */
export type ReadPhoneNumber = {
  /** The tel: address (RFC 3966) a link dials: 'tel:+448081570192'. */
  telUri: string;
  /** The number as callers anywhere dial it: '+44 808 157 0192'. */
  international: string;
  /** The digits after the country code: '8081570192'. */
  nationalNumber: string;
  /** The country code, without +: '44'. */
  countryCallingCode: string;
};

/**
 * Reads a phone number as a caller in `country` dials it, unless it starts with '+'.
 * @param written The number as content writes it and visitors read it.
 * @param country The country whose dialling rules read a number written without '+'; without it,
 *   only a number written with '+' is valid, as in a tel: address.
 * @returns The number's forms, or undefined when it is no valid phone number.
 */
export function readPhoneNumber(
  written: string,
  country?: CountryCode,
): ReadPhoneNumber | undefined {
  const number = parsePhoneNumberFromString(written, country);
  if (!number?.isValid()) return undefined;
  return {
    telUri: number.getURI(),
    international: number.formatInternational(),
    nationalNumber: number.nationalNumber,
    countryCallingCode: number.countryCallingCode,
  };
}

/**
 * The countries where a number written without '+' is a valid number as callers there dial it,
 * those named in `first` before the others, each with the number's international form: for a line
 * read in one country, where else the number the editor wrote is one.
 * @param first The countries to try first, in order: those the content names.
 */
export function countriesOfNumber(
  written: string,
  first: readonly CountryCode[] = [],
): { country: CountryCode; international: string }[] {
  if (written.trim().startsWith('+')) return [];
  const countries = [...new Set([...first, ...getCountries()])];
  return countries.flatMap((country) => {
    const number = readPhoneNumber(written, country);
    return number ? [{ country, international: number.international }] : [];
  });
}

/**
 * Reads a phone number that the content check has accepted, for a page.
 * @throws Error naming the number when it is no valid phone number, which the content check reports
 *   first in every build, so that a page never shows a number it cannot dial.
 */
export function checkedPhoneNumber(written: string, country: CountryCode): ReadPhoneNumber {
  const number = readPhoneNumber(written, country);
  if (!number) throw new Error(`"${written}" is no phone number (read as ${country})`);
  return number;
}
