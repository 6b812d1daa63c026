/**
 * A phone number as content writes it, in the forms a page and search engines use, worked out here
 * rather than with the site's phone library, so that the tests do not check the site against
 * itself. The numbers are UK numbers, as the brief's note on 0800 and 0808 numbers has them: written
 * without '+', their leading 0 stands for the UK's +44.
 */
export function international(phone: string): string {
  return phone.startsWith('+') ? phone : `+44 ${phone.slice(1)}`;
}

/** The link that dials a number: 'tel:' and its digits, e.g. tel:+448081570192. */
export function telHref(phone: string): string {
  return `tel:${international(phone).replace(/[^\d+]/g, '')}`;
}
