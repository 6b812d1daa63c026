/**
 * The kinds of field: what a field holds beyond one line of text, each in one module of this
 * folder (./kind.ts says what a kind is made of). A field schema made by a kind's constructor
 * (`time()`, `linkAddress()`…) is marked with the kind, so that the content check applies the
 * kind's rule wherever such a field is written, whatever its name, and the editing view offers its
 * input. A new kind is its module, its name in `FieldKind` and its entry in `KINDS`: the compiler
 * names whichever is left out.
 */
import { codeKind } from './code';
import { descriptionKind } from './description';
import { emailAddressKind } from './email-address';
import { expiryKind } from './expiry';
import { imageKind } from './image';
import { linkKind } from './link';
import { missingPageKind } from './missing-page';
import { multilineTextKind } from './multiline-text';
import { phoneNumberKind } from './phone-number';
import { registrationNumberKind } from './registration-number';
import { securityContactKind } from './security-contact';
import { siteAddressKind } from './site-address';
import { statutoryTextKind } from './statutory-text';
import { timeKind } from './time';
import { timeZoneKind } from './time-zone';
import { yearKind } from './year';

/** The name of each kind of field, as `KINDS` holds it and JSON Schema's `x-kind` writes it. */
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

/** Every kind of field, by its name. */
export const KINDS = {
  multilineText: multilineTextKind,
  statutoryText: statutoryTextKind,
  code: codeKind,
  time: timeKind,
  timeZone: timeZoneKind,
  link: linkKind,
  missingPage: missingPageKind,
  phoneNumber: phoneNumberKind,
  emailAddress: emailAddressKind,
  siteAddress: siteAddressKind,
  securityContact: securityContactKind,
  year: yearKind,
  image: imageKind,
  description: descriptionKind,
  registrationNumber: registrationNumberKind,
  expiry: expiryKind,
} satisfies { [K in FieldKind]: { name: K } };

export { fieldKinds, type Kind, type KindCheck, type KindInput } from './kind';
export { country, languageCode, languageTag, slug } from './code';
export { description } from './description';
export { emailAddress } from './email-address';
export { expiry } from './expiry';
export { describedUnlessDecorative, pictureSource, publicImage } from './image';
export { linkAddress } from './link';
export { missingPageAddress } from './missing-page';
export { multilineText } from './multiline-text';
export { phoneNumber } from './phone-number';
export { registrationNumber } from './registration-number';
export { securityContact } from './security-contact';
export { siteAddress } from './site-address';
export { statutory } from './statutory-text';
export { time, TIME } from './time';
export { timeZone } from './time-zone';
export { year } from './year';
