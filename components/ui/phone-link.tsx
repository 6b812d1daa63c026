import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

/** A phone number that dials when tapped (tel:, RFC 3966); `country` reads one without '+'. */
export function PhoneLink({ phone, country }: { phone: string; country: CountryCode }) {
  return <a href={parsePhoneNumberWithError(phone, country).getURI()}>{phone}</a>;
}
