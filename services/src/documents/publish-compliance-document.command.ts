import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ComplianceDocumentEvent, type Position, type PublishDocumentBody, ROLE, complianceDocumentStream } from '@portal/contracts';
import { type Scope, iboMarketsInScope, officeIdsInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { decidePublishDocument } from './document-assignment.decider';

/** PublishComplianceDocument (Publish Documents, roles 1 and 12): a PDF, its name and its audience. */
export class PublishComplianceDocument extends Command<{ readonly id: string; readonly position: Position }> {
  constructor(
    readonly body: PublishDocumentBody,
    readonly publisher: { readonly user_id: string; readonly roles: readonly number[]; readonly scope: Scope },
    /** The PDF, recognised and opened before the command; written only if the publication is accepted. */
    readonly file: PendingUpload,
    readonly sha256: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(PublishComplianceDocument)
export class PublishComplianceDocumentHandler implements ICommandHandler<PublishComplianceDocument> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, publisher, file, sha256, context }: PublishComplianceDocument): Promise<{ id: string; position: Position }> {
    const db = this.platform.database.db;
    // The super role's documents are for everyone; a retailer manager's for their retailer's people.
    const retailer = publisher.roles.includes(ROLE.SUPER_ADMIN) ? null : publisher.scope.kind === 'retailer' ? (publisher.scope.retailerIds[0] ?? undefined) : undefined;
    if (retailer === undefined) throw new DomainError('Only the super role and retailer managers publish compliance documents', 403);
    const offices = await officeIdsInScope(db, publisher.scope, body.office_ids);
    const markets = new Set((await iboMarketsInScope(db, publisher.scope)).map((market) => market.id));
    const id = uuidv7();
    const decision = decidePublishDocument(
      { document_id: id, name: body.document_name, file: { key: file.key, content_type: file.contentType, size: file.size, sha256 }, agents: body.agents, managers: body.managers, office_ids: body.office_ids, ibo_marketer_ids: body.ibo_marketer_ids, published_by: publisher.user_id },
      { retailer_id: retailer, unknown_office_ids: body.office_ids.filter((office) => !offices.has(office)), unknown_ibo_marketer_ids: body.ibo_marketer_ids.filter((market) => !markets.has(market)) },
    );
    return file.keepIfAccepted(decision, async (events: ComplianceDocumentEvent[]) => {
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId: complianceDocumentStream(id), expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
      return { id, position: result.position };
    });
  }
}
