/** A phone number as visitors read it, read with site.phoneCountry or its line's country. */
import { z } from 'zod';
import { noInvisibleCharacters } from '../schema/text-rules';
import { defineKind } from './kind';

/** Ofcom's UK numbers for TV and radio drama (020 7946 0xxx, 0808 157 0xxx, …), national form. */
const DRAMA =
  /^(11[3-8]4960|1[2-6]14960|1914980|2079460|2896496|2920180|1632960|7700900|8081570|9098790|3069990)/;

export const phoneNumberKind = defineKind({
  name: 'phoneNumber',
  value: z.string(),
  rule(value, check) {
    const number = check.readPhoneNumber(value, check.phoneCountry);
    if (!number) check.refuse(...check.phoneRefusal(value));
    if (number?.countryCallingCode === '44' && DRAMA.test(number.nationalNumber))
      check.remind(`${value} is from Ofcom's drama range`);
  },
  input: { input: 'line', type: 'tel', spellcheck: false },
  onPage: {
    tagged: false,
    // The last digit one more, which the site formats and links as it does the number.
    variant: (value) => value.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10)),
  },
});

/** A phone number as visitors read it: '0808 157 0192', '+44 20 7946 0321'. */
export const phoneNumber = () => phoneNumberKind.mark(noInvisibleCharacters);
