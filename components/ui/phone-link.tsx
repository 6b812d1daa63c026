import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

type PhoneLinkProps = {
  /** The number as written in content. */
  phone: string;
  /** Country whose dialling rules read a number written without '+'. */
  country: CountryCode;
};

/** A phone number that dials when tapped: its tel: address (RFC 3966) is read from the number. */
export function PhoneLink({ phone, country }: PhoneLinkProps) {
  return <a href={parsePhoneNumberWithError(phone, country).getURI()}>{phone}</a>;
}
