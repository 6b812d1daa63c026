import type { ReactNode } from 'react';
import type { Content } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { EmailLink } from '@/components/ui/email-link';
import { PhoneLink } from '@/components/ui/phone-link';
import { Paragraphs } from '@/components/ui/paragraphs';
import { TemplateText } from '@/components/ui/template-text';
import { convertTime } from '@/lib/hours';
import styles from './contact-section.module.css';

type ContactSectionProps = Pick<Content['southAfrica'], 'contact' | 'office'> & {
  contacts: Content['contact'];
  values: Readonly<Record<string, ReactNode>>;
  phoneCountry: Content['site']['phoneCountry'];
};

/** Cards for prospects and clients; 'Request a call back' is an e-mail until it has a page. */
export function ContactSection(props: ContactSectionProps) {
  const { contact: content, office, contacts, values, phoneCountry } = props;
  const { prospects, clients, scamWarning } = content;
  const { subject, body, href, ...callBack } = prospects.callBack;
  const { hours } = contacts;
  // The hours as the content gives them, then in the office's own zone, worked out at build.
  const at = (time: string) => <time dateTime={time}>{time}</time>;
  const local = (time: string) => at(convertTime(time, hours.timeZone, office.timeZone));
  const clientValues = {
    ...hours,
    opens: at(hours.opens),
    closes: at(hours.closes),
    localOpens: local(hours.opens),
    localCloses: local(hours.closes),
    office: office.locality,
    email: <EmailLink email={contacts.onlineBankingEmail} />,
  };
  // RFC 6068: spaces and line breaks are percent-encoded, never '+'.
  const mailto = `mailto:${contacts.generalEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return (
    <section id={content.id} className={styles.root} aria-labelledby={`${content.id}-heading`}>
      <h2 id={`${content.id}-heading`}>{content.heading}</h2>
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby={prospects.id}>
          <h3 id={prospects.id}>{prospects.heading}</h3>
          <Paragraphs paragraphs={prospects.paragraphs} values={values} />
          <p className={styles.action}>
            <ButtonLink {...callBack} href={href ?? mailto} />
          </p>
        </article>
        <article className={styles.card} aria-labelledby={clients.id}>
          <h3 id={clients.id}>{clients.heading}</h3>
          <Paragraphs paragraphs={clients.paragraphs} values={values} />
          <h4 className={styles.subheading}>{clients.generalHeading}</h4>
          <p>
            <EmailLink email={contacts.generalEmail} />
          </p>
          <h4 className={styles.subheading}>{clients.onlineHeading}</h4>
          <ul>
            {contacts.onlineBankingLines.map((line) => (
              <li key={line.phone}>
                <TemplateText
                  text={clients.phoneLine}
                  values={{
                    label: line.label,
                    phone: <PhoneLink phone={line.phone} country={phoneCountry} />,
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
      <div className={styles.warning} role="note" aria-labelledby={`${content.id}-warning`}>
        <h3 id={`${content.id}-warning`}>{scamWarning.heading}</h3>
        <Paragraphs paragraphs={scamWarning.paragraphs} />
      </div>
    </section>
  );
}
