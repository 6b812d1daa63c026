import type { CountryCode } from 'libphonenumber-js';
import type { Contacts, CountryPage } from '@/content/types';
import { ButtonLink } from '@/components/ui/button-link';
import { EmailLink } from '@/components/ui/email-link';
import { PhoneLink } from '@/components/ui/phone-link';
import { TemplateText } from '@/components/ui/template-text';
import { fillTemplate } from '@/lib/template';
import styles from './contact-section.module.css';

type ContactSectionProps = {
  content: CountryPage['contact'];
  contacts: Contacts;
  minimumPortfolio: string;
  phoneCountry: CountryCode;
};

const HEADING_ID = 'contact-heading';

/** 'Contact your local team': a card for prospective clients and one for existing clients. */
export function ContactSection({
  content,
  contacts,
  minimumPortfolio,
  phoneCountry,
}: ContactSectionProps) {
  const { prospects, clients } = content;
  return (
    <section className={styles.root} aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className={styles.heading}>
        {content.heading}
      </h2>
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby={prospects.id}>
          <h3 id={prospects.id} className={styles.cardHeading}>
            {prospects.heading}
          </h3>
          {prospects.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fillTemplate(paragraph, { minimumPortfolio })}</p>
          ))}
          <p className={styles.action}>
            <ButtonLink {...prospects.callBack} />
          </p>
        </article>
        <article className={styles.card} aria-labelledby={clients.id}>
          <h3 id={clients.id} className={styles.cardHeading}>
            {clients.heading}
          </h3>
          {clients.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <h4 className={styles.subheading}>{clients.generalHeading}</h4>
          <p>
            <EmailLink email={contacts.generalEmail} />
          </p>
          <h4 className={styles.subheading}>{clients.onlineHeading}</h4>
          <ul className={styles.lines}>
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
            <TemplateText
              text={clients.emailLine}
              values={{ email: <EmailLink email={contacts.onlineBankingEmail} /> }}
            />
          </p>
          <h4 className={styles.subheading}>{clients.hoursHeading}</h4>
          <p>{fillTemplate(contacts.hours.text, contacts.hours)}</p>
        </article>
      </div>
    </section>
  );
}
