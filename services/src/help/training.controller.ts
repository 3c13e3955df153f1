import { Controller, HttpCode, Inject, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  type AddTrainingContentBody,
  type ExportDownloadQuery,
  HELP_MESSAGES,
  type HelpFileParams,
  TRAINING_CATEGORIES,
  TRAINING_DOCUMENT_MAX_BYTES,
  TRAINING_VIDEO_MAX_BYTES,
  type TrainingCategoryNode,
  type TrainingContentIdParams,
  type TrainingContentListQuery,
  type TrainingContentRow,
  type TrainingItem,
  type TrainingKind,
  type TrainingTreeQuery,
  trainingCategoryName,
} from '@portal/contracts';
import { type TrainingContentFacts, trainingContent, trainingContentList, trainingTree } from '@portal/projections';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import { sendStoredFile } from '../platform/http/stored-file';
import type { Platform } from '../platform/platform';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { AddTrainingContent } from './add-training-content.command';
import { checkHelpFileSignature, pendingHelpFile, requireGoodLink, signedHelpFilePath } from './help-files';
import { publisherOf } from './publisher';
import { RemoveTrainingContent } from './remove-training-content.command';

type UploadedHelpFile = { readonly buffer: Buffer } | undefined;
/** One file a request, at most a video's size (a document's smaller limit is checked before the command runs). */
const oneFile = FileInterceptor('file', { limits: { fileSize: TRAINING_VIDEO_MAX_BYTES, files: 1 } });

/**
 * Training documents and videos (doc 3 §2): the trees each reader sees, their files behind signed
 * links (ranges answered, so videos seek), and the content screen of roles 1 and 12.
 */
@Controller()
export class TrainingController {
  private readonly uploads: UploadStorage;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  /** How a reader opens an item: a signed link to our file, or the link it was given. */
  private urlOf(content: TrainingContentFacts, secret: Uint8Array): string {
    return content.source.kind === 'file' ? signedHelpFilePath(secret, 'training', content.id) : content.source.url;
  }

  private async tree(kind: TrainingKind, user: AuthenticatedUser, searchText: string | undefined): Promise<{ data: TrainingCategoryNode[] }> {
    const contents = await trainingTree(this.platform.database.db, { user_id: user.user_id, roles: user.roles }, kind, searchText);
    const secret = await signingSecret(this.platform.database.db);
    const byCategory = new Map<string, TrainingItem[]>();
    for (const content of contents) {
      const item: TrainingItem = { id: content.id, title: content.title, content_kind: content.content_kind, url: this.urlOf(content, secret), content_type: content.source.kind === 'file' ? content.source.content_type : null };
      byCategory.set(content.category, [...(byCategory.get(content.category) ?? []), item]);
    }
    // In the categories' own order; a category without items is left out.
    return { data: TRAINING_CATEGORIES.filter((category) => byCategory.has(category.id)).map((category) => ({ category: category.id, name: category.name, items: byCategory.get(category.id)! })) };
  }

  @Serves('GET /api/v1/training/documents')
  documents(@RouteQuery() query: TrainingTreeQuery, @CurrentUser() user: AuthenticatedUser) {
    return this.tree('document', user, query.search_text);
  }

  @Serves('GET /api/v1/training/videos')
  videos(@RouteQuery() query: TrainingTreeQuery, @CurrentUser() user: AuthenticatedUser) {
    return this.tree('video', user, query.search_text);
  }

  /** Public: the signature over the content id is the credential; a removed item, a link item and an unknown id answer alike. */
  @Serves('GET /api/v1/training/files/:id')
  async file(@RouteParams() { id }: HelpFileParams, @RouteQuery() query: ExportDownloadQuery, @Res() response: Response): Promise<void> {
    const secret = await signingSecret(this.platform.database.db);
    requireGoodLink(checkHelpFileSignature(secret, 'training', id, query.expires, query.signature), 'the training pages');
    const content = await trainingContent(this.platform.database.db, id);
    const missing = 'That training item is no longer offered.';
    if (!content || content.source.kind !== 'file') throw new DomainError(missing, 404);
    const extension = content.source.key.slice(content.source.key.lastIndexOf('.'));
    const name = `${content.title.replace(/[^\w .-]+/g, '').trim() || 'training'}${extension}`;
    await sendStoredFile(response, this.uploads, content.source.key, content.source.content_type, `inline; filename="${name}"`, missing);
  }

  @Serves('GET /api/v1/training/content')
  async list(@RouteQuery() query: TrainingContentListQuery, @CurrentUser() user: AuthenticatedUser): Promise<{ items: { data: TrainingContentRow[]; total: number; current_page: number } }> {
    const page = await trainingContentList(this.platform.database.db, user.scope, query);
    const secret = await signingSecret(this.platform.database.db);
    const data = page.data.map(
      (row): TrainingContentRow => ({
        id: row.id,
        content_kind: row.content_kind,
        category: row.category,
        category_name: trainingCategoryName(row.category),
        title: row.title,
        source_kind: row.source.kind,
        url: this.urlOf(row, secret),
        size: row.source.kind === 'file' ? row.source.size : null,
        retailer_name: row.retailer_name,
        added_by_name: row.added_by_name ?? '—',
        created_at: row.created_at,
      }),
    );
    return { items: { data, total: page.total, current_page: page.current_page } };
  }

  @Serves('POST /api/v1/training/content')
  @HttpCode(201)
  @ReadYourWrites('training')
  @UseInterceptors(oneFile)
  async add(@UploadedFile() upload: UploadedHelpFile, @RouteBody() body: AddTrainingContentBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const document = body.content_kind === 'document';
    const file = pendingHelpFile(this.uploads, document ? 'training-documents' : 'training-videos', upload?.buffer, document ? ['pdf'] : ['webm', 'mp4'], document ? HELP_MESSAGES.documentFile : HELP_MESSAGES.videoFile, document ? TRAINING_DOCUMENT_MAX_BYTES : TRAINING_VIDEO_MAX_BYTES);
    const result = await this.commands.execute(new AddTrainingContent(body, publisherOf(user), file, context));
    return { position: result.position, body: { message: HELP_MESSAGES.contentAdded, id: result.id } };
  }

  @Serves('POST /api/v1/training/content/remove/:id')
  @HttpCode(200)
  @ReadYourWrites('training')
  async remove(@RouteParams() { id }: TrainingContentIdParams, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new RemoveTrainingContent(id, publisherOf(user), user.scope, context));
    return { position: result.position, body: { message: HELP_MESSAGES.contentRemoved } };
  }
}
