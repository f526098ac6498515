/** The support page: questions and answers, and the contact form. */
export const supportEn = {
  'support.title': 'Support',
  'support.subtitle': 'Answers to common questions, and a way to reach us.',
  'support.faq.title': 'Frequently asked questions',
  'support.faq.q1': 'How deep can groups be nested?',
  'support.faq.a1':
    'Free: up to {freeDepth} levels; Pro and Business: up to {depth}. A channel can be in several groups at once.',
  'support.faq.q2': 'Which files can I import?',
  'support.faq.a2': 'Subscriptions from {formats}.',
  'support.faq.q3': 'Does Tubefold use my YouTube quota or password?',
  'support.faq.a3':
    'No. Group feeds come from YouTube’s public RSS, which costs no API quota, and connecting YouTube uses Google’s own sign-in; we never see your Google password.',
  'support.faq.q4': 'Can I share a group without sharing everything?',
  'support.faq.a4':
    'Yes. Sharing covers one group and its subgroups, at view or edit level; your other groups stay private.',
  'support.faq.q5': 'Is there a free trial?',
  'support.faq.a5':
    'Pro and Business start with a {days}-day free trial, and no credit card is needed.',
  'support.faq.a5NoBilling':
    'This copy of Tubefold has no paid plans: every feature is already unlocked, with no trial to start.',
  'support.faq.q6': 'How do I take my data out?',
  'support.faq.a6':
    'Export everything as a Tubefold backup, OPML, CSV or the formats of NewPipe, FreeTube and Piped, or delete your account, from the settings.',
  'support.contact.title': 'Contact us',
  'support.contact.subtitle': 'We usually answer within two working days.',
  'support.contact.name': 'Your name',
  'support.contact.email': 'Email',
  'support.contact.topic': 'Topic',
  'support.contact.topic.question': 'A question',
  'support.contact.topic.bug': 'Something is broken',
  'support.contact.topic.billing': 'Billing',
  'support.contact.topic.feedback': 'Feedback',
  'support.contact.message': 'Message',
  'support.contact.submit': 'Send message',
  'support.contact.sending': 'Sending...',
  'support.contact.sent': 'Thanks! Your message was sent; we will reply to {email}.',
  'support.contact.website': 'Leave this field empty',
  'support.contact.error.nameRequired': 'Please enter your name',
  'support.contact.error.nameLong': 'Please keep your name under {max} characters',
  'support.contact.error.messageShort': 'Please write at least {min} characters',
  'support.contact.error.messageLong': 'Please keep it under {max} characters',
  'support.mail.subject': '[Tubefold support] {topic} from {name}',
  'support.mail.intro': '{name} <{email}> wrote about “{topic}”:',
  'support.mail.receiptSubject': 'We received your message',
  'support.mail.receiptBody':
    'Hi {name}, thanks for writing to Tubefold support. We received your message and will reply to this address.',
}
