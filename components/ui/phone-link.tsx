import type { CountryCode } from 'libphonenumber-js/max';
import { checkedPhoneNumber } from '@/lib/phone';

type PhoneLinkProps = {
  /** The number as written in content and shown, e.g. '0808 157 0192' or '+44 20 7946 0321'. */
  phone: string;
  /** The country whose dialling rules read a number written without '+'. */
  country: CountryCode;
};

/**
 * A phone number that dials when tapped. The tel: address (RFC 3966) is worked out from the number
 * as written (lib/phone.ts), so editors write a number once, the way visitors read it.
 */
export function PhoneLink({ phone, country }: PhoneLinkProps) {
  return <a href={checkedPhoneNumber(phone, country).telUri}>{phone}</a>;
}
