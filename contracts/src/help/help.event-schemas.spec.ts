import type { HelpEvent } from './help.events';
import { HELP_EVENT_SCHEMAS } from './help.event-schemas';

type DataOf<Type extends HelpEvent['type']> = Extract<HelpEvent, { type: Type }>['data'];

const USER_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c8';

describe('HELP_EVENT_SCHEMAS', () => {
  it('takes training content from a file or a link, and refuses an unknown category', () => {
    const file: DataOf<'TrainingContentAdded'> = {
      content_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6',
      content_kind: 'video',
      category: 'getting-started',
      title: 'Welcome to the portal',
      source: { kind: 'file', key: 'training-videos/0190f1a2-3b4c-7d5e-8f60-718293a4b5c7.webm', content_type: 'video/webm', size: 1_250_000 },
      retailer_id: null,
      added_by: USER_ID,
    };
    expect(HELP_EVENT_SCHEMAS.TrainingContentAdded.safeParse(file).success).toBe(true);
    const link: DataOf<'TrainingContentAdded'> = { ...file, content_kind: 'document', category: 'agent', source: { kind: 'link', url: 'https://www.example.com/device-care' } };
    expect(HELP_EVENT_SCHEMAS.TrainingContentAdded.safeParse(link).success).toBe(true);
    expect(HELP_EVENT_SCHEMAS.TrainingContentAdded.safeParse({ ...file, category: 'sales' }).success).toBe(false);
    expect(HELP_EVENT_SCHEMAS.TrainingContentAdded.safeParse({ ...file, source: { kind: 'link' } }).success).toBe(false);
  });

  it('takes a support request, and refuses one without its subject', () => {
    const data: DataOf<'SupportRequestSent'> = {
      request_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c9',
      user_id: USER_ID,
      name: 'Ava Garcia',
      email: 'agent@demo.test',
      subject: 'Cannot accept a device',
      message: 'The Accept button does nothing.',
      sent_to: 'support@demo.test',
    };
    expect(HELP_EVENT_SCHEMAS.SupportRequestSent.safeParse(data).success).toBe(true);
    const { subject: _subject, ...withoutSubject } = data;
    expect(HELP_EVENT_SCHEMAS.SupportRequestSent.safeParse(withoutSubject).success).toBe(false);
  });
});
