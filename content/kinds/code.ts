/** An id, a language tag or a country code: machines compare it, people do not read it. */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const codeKind = defineKind({
  name: 'code',
  value: z.string(),
  rule: null,
  input: { input: 'line', spellcheck: false },
  onPage: { tagged: false, variant: longer },
});

/** Lower-case words with dashes, as ids and anchors are written: 'contact-us'. */
export const slug = () =>
  codeKind.mark(rule(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words with dashes', 'contact-us'));
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const isLanguageTag = (v: string) => /^[a-z]{2,3}-[A-Z]{2}$/.test(v) && !!languages.of(v);
/** A language with its region, as a page declares it: 'en-GB'. */
export const languageTag = () => codeKind.mark(rule(isLanguageTag, 'a language tag', 'en-GB'));
const isLanguageCode = (v: string) => /^[a-z]{2,3}(-[A-Z]{2})?$/.test(v) && !!languages.of(v);
/** A language, with or without its region: 'en', 'af-ZA'. */
export const languageCode = () => codeKind.mark(rule(isLanguageCode, 'a language tag', 'en'));
/** A two-letter country code that the dialling rules know: 'ZA', 'GB'. */
export const country = () =>
  codeKind.mark(
    rule(
      (v): v is CountryCode => isSupportedCountry(v),
      'a two-letter country code',
      'ZA',
    ) as z.ZodType<CountryCode>,
  );
