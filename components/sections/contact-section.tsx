import type { CountryCode } from 'libphonenumber-js/max';
import type { ReactNode } from 'react';
import type { ContactBlock, ContactDetails, Office } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { EmailLink } from '@/components/ui/email-link';
import { PhoneLink } from '@/components/ui/phone-link';
import { Paragraphs } from '@/components/ui/paragraphs';
import { TemplateText } from '@/components/ui/template-text';
import { convertTime } from '@/lib/hours';
import styles from './contact-section.module.css';

type ContactSectionProps = {
  /** The section's words: its heading, its two cards and the scam warning. */
  block: ContactBlock;
  /** The office whose city and time zone the opening hours are also given in. */
  office: Office;
  /** The bank's phone numbers, mailboxes and opening hours (content/contact.ts). */
  contactDetails: ContactDetails;
  /** What each {slot} in the cards' paragraphs shows. */
  values: Readonly<Record<string, ReactNode>>;
  /**
   * The country whose dialling rules read a number written without '+', where its line names none.
   */
  phoneCountry: CountryCode;
};

/**
 * 'Contact your local team': a card for prospective clients and one for existing clients, then the
 * warning about scams. Until the bank gives 'Request a call back' a page of its own, the button
 * opens an e-mail to the general enquiries mailbox, ready to send.
 */
export function ContactSection(props: ContactSectionProps) {
  const { block, office, contactDetails, values, phoneCountry } = props;
  const { prospects, clients, scamWarning } = block;
  const { subject, body, href, ...callBack } = prospects.callBack;
  const { hours } = contactDetails;
  // The hours show as the content gives them, then in the office's own time zone. The conversion
  // runs at build time, so it uses the offsets of the day the site was built.
  const timeElement = (time: string) => <time dateTime={time}>{time}</time>;
  const officeTimeElement = (time: string) =>
    timeElement(convertTime(time, hours.timeZone, office.timeZone));
  const clientValues = {
    ...hours,
    opens: timeElement(hours.opens),
    closes: timeElement(hours.closes),
    localOpens: officeTimeElement(hours.opens),
    localCloses: officeTimeElement(hours.closes),
    office: office.locality,
    email: <EmailLink email={contactDetails.onlineBankingEmail} />,
  };
  // RFC 6068: spaces and line breaks are percent-encoded, never written as '+', which mail
  // programs would show as a plus sign.
  const callBackMailto = `mailto:${contactDetails.generalEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return (
    <section id={block.id} className={styles.root} aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{block.heading}</h2>
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby={prospects.id}>
          <h3 id={prospects.id}>{prospects.heading}</h3>
          <Paragraphs paragraphs={prospects.paragraphs} values={values} />
          <p className={styles.action}>
            <ButtonLink {...callBack} href={href ?? callBackMailto} />
          </p>
        </article>
        <article className={styles.card} aria-labelledby={clients.id}>
          <h3 id={clients.id}>{clients.heading}</h3>
          <Paragraphs paragraphs={clients.paragraphs} values={values} />
          <h4 className={styles.subheading}>{clients.generalHeading}</h4>
          <p>
            <EmailLink email={contactDetails.generalEmail} />
          </p>
          <h4 className={styles.subheading}>{clients.onlineHeading}</h4>
          <ul>
            {contactDetails.onlineBankingLines.map((line) => (
              <li key={line.phone}>
                <TemplateText
                  text={clients.phoneLine}
                  values={{
                    label: line.label,
                    phone: <PhoneLink phone={line.phone} country={line.country ?? phoneCountry} />,
                  }}
                />
              </li>
            ))}
          </ul>
          <p>
            <TemplateText text={clients.emailLine} values={clientValues} />
          </p>
          <h4 className={styles.subheading}>{clients.hoursHeading}</h4>
          <p>
            <TemplateText text={hours.text} values={clientValues} />
          </p>
        </article>
      </div>
      <div className={styles.warning} role="note" aria-labelledby={`${block.id}-warning`}>
        <h3 id={`${block.id}-warning`}>{scamWarning.heading}</h3>
        <Paragraphs paragraphs={scamWarning.paragraphs} />
      </div>
    </section>
  );
}
