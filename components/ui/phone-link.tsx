import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

/**
 * A phone number as content writes it, dialling when tapped: its tel: address (RFC 3966) is read
 * from the number, by `country`'s dialling rules if it has no '+'.
 */
export function PhoneLink({ phone, country }: { phone: string; country: CountryCode }) {
  return <a href={parsePhoneNumberWithError(phone, country).getURI()}>{phone}</a>;
}
