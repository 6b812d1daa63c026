import type { Content } from './schema';

/**
 * Every phone number and e-mail address on the site. The values are fictional placeholders:
 * UK numbers from Ofcom's ranges reserved for drama, and example.com mailboxes.
 */
export const contact = {
  generalEmail: 'southafrica.privatebank@example.com',
  onlineBankingLines: [
    { label: 'From the UK', phone: '0808 157 0192' },
    { label: 'From abroad', phone: '+44 20 7946 0321' },
  ],
  onlineBankingEmail: 'onlinebanking@example.com',
  helpPhone: '+44 20 7946 0123',
  hours: {
    from: 'Monday',
    to: 'Friday',
    opens: '09:00',
    closes: '17:00',
    timeZone: 'UTC',
    text: '{opens} to {closes} {timeZone}, {from} to {to} ({localOpens} to {localCloses} in {office})',
  },
} satisfies Content['contact'];
