import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

/**
 * The `tel:` address of a phone number written for people.
 * @param phone The number as shown, e.g. '0808 157 0192' or '+44 20 7946 0321'.
 * @param country Country whose dialling rules read a number written without '+'.
 * @returns An RFC 3966 address such as 'tel:+448081570192'.
 */
export function telHref(phone: string, country: CountryCode): string {
  return parsePhoneNumberWithError(phone, country).getURI();
}
