/**
 * A `mailto:` address that opens the visitor's mail program with a message ready to send.
 * @returns e.g. 'mailto:team@example.com?subject=Call%20back&body=Name%3A'
 */
export function mailtoHref(address: string, { subject, body }: { subject: string; body: string }) {
  // RFC 6068: spaces and line breaks are percent-encoded, never '+'.
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
