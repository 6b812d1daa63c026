import type { Content } from './schema';

/** The South Africa country page, '/south-africa'; hover a field's name for what it holds. */
export const southAfrica = {
  title: 'South Africa',
  description:
    'Offshore private, investment and corporate banking from our Johannesburg office, for family offices and ultra-high-net-worth clients.',
  office: {
    name: '{name} {division}, South Africa',
    locality: 'Johannesburg',
    country: 'ZA',
    timeZone: 'Africa/Johannesburg',
  },
  navigationId: 'locations',
  breadcrumbAccessibleName: 'Breadcrumb',
  backTo: 'Back to: {parent}',
  parent: { label: 'Where we’re located', href: '/' },
  hero: {
    src: '/images/south-africa-hero.svg',
    // Empty on purpose: the picture is decoration, and the page's heading sits on top of it.
    alt: '',
    decorative: true,
    source: 'Drawn for the site by the bank’s web team; the bank’s own',
    width: 1600,
    height: 600,
  },
  // A no-break space (\u00a0) keeps '£5' and 'million' on the same line.
  minimumPortfolio: '£5\u00a0million',
  intro: [
    'We have served Africa for over a century. From our office in Johannesburg we offer offshore private, investment and corporate banking to clients across South Africa.',
    'Our Private Bank supports family offices and ultra-high-net-worth individuals. To become a client you will need a portfolio of at least {minimumPortfolio}, or the local equivalent.',
  ],
  sections: [
    {
      id: 'personal-service',
      heading: 'Personal service from a global team',
      paragraphs: [
        [
          'Your private banker in Johannesburg is your single point of contact. Behind them stands a global team of specialists in lending, investments, wealth planning and foreign exchange, so that you and your family are served wherever your interests take you.',
        ],
      ],
    },
    {
      id: 'right-service',
      heading: 'Creating the right service for you',
      paragraphs: [
        [
          'Every client’s needs are different. Together we shape an offshore service around you, drawing on our ',
          { label: 'banking', href: '#' },
          ', ',
          { label: 'investment', href: '#' },
          ' and ',
          { label: 'advisory', href: '#' },
          ' services.',
        ],
      ],
    },
  ],
  contact: {
    id: 'contact',
    heading: 'Contact your local team',
    prospects: {
      id: 'become-a-client',
      heading: 'Become a Private Bank client in South Africa',
      paragraphs: [
        'If you have a portfolio of {minimumPortfolio} or more, or the local equivalent, our team in Johannesburg would like to hear from you.',
      ],
      callBack: {
        label: 'Request a call back',
        variant: 'primary',
        subject: 'Call back request: Private Bank South Africa',
        body: 'Please call me back about becoming a Private Bank client.\n\nName:\nPhone number:\nBest time to call (SAST):\n',
      },
    },
    clients: {
      id: 'existing-clients',
      heading: 'Already a client? We’re here to help',
      paragraphs: ['Contact your private banker directly, or use the details below.'],
      generalHeading: 'General enquiries',
      onlineHeading: 'Online banking issues',
      phoneLine: '{label}: {phone}',
      emailLine: 'Or e-mail {email}',
      hoursHeading: 'Opening hours',
    },
    scamWarning: {
      heading: 'We will never ask for your security details',
      paragraphs: [
        'We will never call, e-mail or text you to ask for your password, PIN or one-time PIN, to ask you to move money to a ‘safe’ account, or to ask you to install software on your device.',
        'If someone does, end the conversation and call us on a number from this page. Do not use a number or link they gave you.',
      ],
    },
  },
  important: {
    id: 'important-information',
    heading: 'Important information',
    paragraphs: [
      'Calls to 0800 and 0808 numbers are free from UK landlines. Calls from mobiles and from outside the UK may be charged; please check with your service provider.',
      'Calls may be recorded and monitored for security, training and quality purposes.',
      '{licence} {complaints}',
    ],
  },
  copyrightYear: 2025,
} satisfies Content['southAfrica'];
