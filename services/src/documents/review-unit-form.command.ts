import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AcceptRejectBody, Position } from '@portal/contracts';
import { type Scope, managesUnit, unitFormOfUnit } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideReviewForm } from './unit-form.decider';
import { appendUnitForm, loadUnitForm } from './unit-form-stream';

/** ReviewUnitForm (the Accept/Reject documents modal, doc 3 §2, §4): 4 accept, 3 reject with a reason; `id` is the unit's row. */
export class ReviewUnitForm extends Command<{ readonly position: Position }> {
  constructor(
    readonly body: AcceptRejectBody,
    readonly reviewer: { readonly user_id: string; readonly scope: Scope },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReviewUnitForm)
export class ReviewUnitFormHandler implements ICommandHandler<ReviewUnitForm> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ body, reviewer, context }: ReviewUnitForm): Promise<{ position: Position }> {
    return withConcurrencyRetry(async () => {
      const db = this.platform.database.db;
      const form = await unitFormOfUnit(db, reviewer.scope, body.id);
      if (!form) throw new DomainError('No form was sent to that row.', 404);
      const loaded = await loadUnitForm(this.platform.eventStore, form.form_id);
      const own = await managesUnit(db, reviewer.user_id, form.unit_id);
      const decision = decideReviewForm(loaded.state, { status: body.status, reason: body.reason, reviewed_by: reviewer.user_id, own });
      if (decision instanceof DomainError) throw decision;
      return { position: await appendUnitForm(this.platform.eventStore, loaded, decision, context) };
    });
  }
}
