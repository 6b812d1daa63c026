import type { CountryCode } from 'libphonenumber-js';
import { telHref } from '@/lib/phone';

type PhoneLinkProps = {
  /** The number as written in content. */
  phone: string;
  /** Country whose dialling rules read a number written without '+'. */
  country: CountryCode;
};

/** A phone number that dials when tapped; the tel: address is derived from the written number. */
export function PhoneLink({ phone, country }: PhoneLinkProps) {
  return <a href={telHref(phone, country)}>{phone}</a>;
}
