import { type AddTrainingContentBody, HELP_MESSAGES, ROLE } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { decideAddTrainingContent, decideRemoveTrainingContent } from './training.decider';

const superUser = { user_id: 'u-super', roles: [ROLE.SUPER_ADMIN], retailer_id: undefined };
const retailerManager = { user_id: 'u-rm', roles: [ROLE.RETAILER_MANAGER], retailer_id: 'r-1' };
const pdf = { key: 'training-documents/0190a1b2-0000-7000-8000-000000000001.pdf', content_type: 'application/pdf', size: 1234 };
const webm = { key: 'training-videos/0190a1b2-0000-7000-8000-000000000002.webm', content_type: 'video/webm', size: 4321 };
const body = (change: Partial<AddTrainingContentBody> = {}): AddTrainingContentBody => ({ content_kind: 'document', category: 'agent', title: 'Receiving cartons', ...change });
const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, message: decision.message, fields: decision.fields } : decision);

describe('training content rules', () => {
  it('the super role adds for everyone (retailer null), a retailer manager for their retailer', () => {
    expect(decideAddTrainingContent({ content_id: 'c-1', body: body(), file: pdf }, superUser)).toEqual([
      { type: 'TrainingContentAdded', data: { content_id: 'c-1', content_kind: 'document', category: 'agent', title: 'Receiving cartons', source: { kind: 'file', ...pdf }, retailer_id: null, added_by: 'u-super' } },
    ]);
    const linked = decideAddTrainingContent({ content_id: 'c-2', body: body({ content_kind: 'video', link_url: 'https://videos.example/intro' }), file: undefined }, retailerManager);
    expect(linked).toMatchObject([{ data: { source: { kind: 'link', url: 'https://videos.example/intro' }, retailer_id: 'r-1', added_by: 'u-rm' } }]);
  });

  it('takes a file or a link, not both and not neither, and a file of the kind', () => {
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body({ link_url: 'https://a.example/x' }), file: pdf }, superUser))).toMatchObject({ status: 400, fields: { file: HELP_MESSAGES.fileOrLink } });
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body(), file: undefined }, superUser))).toMatchObject({ status: 400, message: 'Upload a file or give a link' });
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body(), file: webm }, superUser))).toMatchObject({ status: 400, message: HELP_MESSAGES.documentFile });
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body({ content_kind: 'video' }), file: pdf }, superUser))).toMatchObject({ status: 400, message: HELP_MESSAGES.videoFile });
    expect(decideAddTrainingContent({ content_id: 'c', body: body({ content_kind: 'video' }), file: webm }, superUser)).toHaveLength(1);
  });

  it('refuses anyone else, and a retailer manager without a retailer', () => {
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body(), file: pdf }, { user_id: 'u', roles: [ROLE.IBO_MANAGER], retailer_id: undefined }))).toMatchObject({ status: 403 });
    expect(refusal(decideAddTrainingContent({ content_id: 'c', body: body(), file: pdf }, { ...retailerManager, retailer_id: undefined }))).toMatchObject({ status: 403 });
  });

  it('removes what the scope found; nothing found answers 404 whether it is missing or another retailer’s', () => {
    expect(decideRemoveTrainingContent({ id: 'c-1' }, retailerManager)).toEqual([{ type: 'TrainingContentRemoved', data: { content_id: 'c-1', removed_by: 'u-rm' } }]);
    expect(refusal(decideRemoveTrainingContent(undefined, retailerManager))).toMatchObject({ status: 404, message: 'That training content was not found.' });
  });
});
