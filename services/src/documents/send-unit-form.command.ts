import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Position, type SendDocumentBody, UNIT_FORM_NAME, unitFormStream } from '@portal/contracts';
import { type Scope, unitsForSending } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideSendForm } from './unit-form.decider';
import { unitFormIdOf } from './unit-form-stream';

/** SendUnitForm (Send Document on the IBO/Market and Office lists, doc 3 §2): the form to each selected unit, all or none. */
export class SendUnitForm extends Command<{ readonly position: Position }> {
  constructor(
    readonly body: SendDocumentBody,
    readonly sender: { readonly user_id: string; readonly scope: Scope },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SendUnitForm)
export class SendUnitFormHandler implements ICommandHandler<SendUnitForm> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, sender, context }: SendUnitForm): Promise<{ position: Position }> {
    const found = await unitsForSending(this.platform.database.db, sender.scope, body.type, body.ids);
    // A row outside the caller's scope reads as one that does not exist.
    if (found.length < body.ids.length) throw new DomainError(body.type === 'office' ? 'No such office' : 'No such IBO/market', 404, { ids: 'Some of the selected rows were not found' });
    const decision = decideSendForm(
      found.map((unit) => ({ kind: body.type, id: unit.id, name: unit.name, active: unit.active, formStatus: unit.form_status })),
      { formIdOf: unitFormIdOf, template_name: UNIT_FORM_NAME, sent_by: sender.user_id },
    );
    if (decision instanceof DomainError) throw decision;
    const metadata = eventMetadata(context);
    // One new stream per unit, in one atomic append: a unit that got a form meanwhile makes the whole send fail (409).
    const result = await this.platform.eventStore.append(decision.map((event) => ({ streamId: unitFormStream(event.data.form_id), expectedVersion: 'no_stream' as const, events: [{ ...event, metadata }] })));
    return { position: result.position };
  }
}
