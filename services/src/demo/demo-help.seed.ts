// The help centre's demo story: training documents and videos in every category, an announcement
// with a file and one addressed to agents — issued through help's own commands.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AddTrainingContentBody, type Position, ROLE, type TrainingCategoryId } from '@portal/contracts';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { AddTrainingContent, AddTrainingContentHandler } from '../help/add-training-content.command';
import { PublishAnnouncement, PublishAnnouncementHandler } from '../help/publish-announcement.command';
import { systemContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { UploadStorage } from '../platform/storage/uploads';
import type { DemoOffice } from './demo-business.seed';

/** The committed training video (made once by scripts/make-training-video.mjs; no ffmpeg needed). */
const VIDEO_FILE = path.join(__dirname, '..', '..', 'assets', 'demo', 'portal-tour.webm');

/** A paragraph of `trainingPdf` that starts a new page instead. */
export const PAGE_BREAK = '\f';

/** A small training PDF: a title and paragraphs, wrapped on letter pages (PAGE_BREAK starts a new one). */
export async function trainingPdf(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Distribution Portal demo');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 612;
  const height = 792;
  const margin = 56;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  page.drawText(title, { x: margin, y: y - 20, size: 20, font: bold, color: rgb(0.04, 0.24, 0.57) });
  y -= 48;
  for (const paragraph of paragraphs) {
    if (paragraph === PAGE_BREAK) {
      page = doc.addPage([width, height]);
      y = height - margin;
      continue;
    }
    const words = paragraph.split(/\s+/);
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (regular.widthOfTextAtSize(next, 11) > width - 2 * margin) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const text of lines) {
      if (y < margin + 14) {
        page = doc.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(text, { x: margin, y, size: 11, font: regular });
      y -= 15;
    }
    y -= 9;
  }
  return Buffer.from(await doc.save());
}

const DOCUMENTS: readonly { category: TrainingCategoryId; title: string; paragraphs: string[] }[] = [
  { category: 'getting-started', title: 'Getting started with the portal', paragraphs: ['Sign in with your e-mail address and password. The menu on the left follows your role.', 'The dashboard shows your counts at a glance; every count opens the list behind it.', 'The Help centre holds this guide, the training videos, the FAQ and a form to write to support.'] },
  { category: 'agent', title: 'Accepting and returning devices', paragraphs: ['Devices your office assigns to you wait on Accept Inventory until you accept them.', 'To give devices back, open My Inventory, tick them and press Transfer Back.', 'A faulty device is returned through Initiate RMA with the reason and, when asked, a photo.'] },
  { category: 'office-manager', title: 'Receiving and assigning inventory', paragraphs: ['Receive a carton by its number or by its IMEIs on Receive Inventory; nothing is received until every IMEI is right.', 'Assign devices to agents on Assign Inventory; they are Pending Acceptance until the agent accepts.', 'Transfer devices to another office on Transfer Inventory; the receiving office accepts them.'] },
  { category: 'ibo-manager', title: 'Managing offices and users', paragraphs: ['Offices lists every office of your IBO/market with its managers; Add Office creates one with the next office number.', 'An office with devices or active agents cannot be deactivated: move them first.', 'Users lists the people of your offices; Transfer moves an agent to another office.'] },
  { category: 'retailer', title: 'Retailer administration and publishing', paragraphs: ['IBOs/Markets lists the markets of your retailer; Add IBO/Market creates one with its managers.', 'Announcements: Publish Announcement sends a message, with a file or a link, to the roles you choose.', 'Training Content adds documents and videos for your retailer\'s people.'] },
];

const VIDEOS: readonly { category: TrainingCategoryId; title: string }[] = [
  { category: 'getting-started', title: 'A tour of the portal' },
  { category: 'office-manager', title: 'From carton to agent' },
];

/**
 * Seeds the help centre (after the organisation): the super role's training content for everyone
 * and the holiday announcement with its schedule; a retailer manager's announcement to their agents.
 */
export async function seedDemoHelp(platform: Platform, offices: readonly DemoOffice[]): Promise<Position[]> {
  const uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  const context = systemContext();
  const firstOffice = offices[0];
  if (!firstOffice) return [];
  const admin = { user_id: firstOffice.adminId, roles: [ROLE.SUPER_ADMIN], retailer_id: undefined };
  const retailerManager = { user_id: firstOffice.retailerManagerId, roles: [ROLE.RETAILER_MANAGER], retailer_id: firstOffice.retailerId };
  const training = new AddTrainingContentHandler(platform);
  const announcements = new PublishAnnouncementHandler(platform);
  const positions: Position[] = [];
  const add = async (body: AddTrainingContentBody, bytes: Buffer, contentType: string, extension: string) => {
    const area = body.content_kind === 'document' ? 'training-documents' : 'training-videos';
    const file = uploads.pending(area, { bytes, contentType, extension });
    positions.push((await training.execute(new AddTrainingContent(body, admin, file, context))).position);
  };
  for (const document of DOCUMENTS) await add({ content_kind: 'document', category: document.category, title: document.title }, await trainingPdf(document.title, document.paragraphs), 'application/pdf', 'pdf');
  const video = await fs.readFile(VIDEO_FILE);
  for (const entry of VIDEOS) await add({ content_kind: 'video', category: entry.category, title: entry.title }, video, 'video/webm', 'webm');
  positions.push(
    (await training.execute(new AddTrainingContent({ content_kind: 'document', category: 'agent', title: 'Device care tips (external)', link_url: 'https://www.example.com/device-care' }, retailerManager, undefined, context))).position,
  );

  const schedule = await trainingPdf('Holiday schedule', ['Orders placed after December 18 ship after January 2.', 'RMA boxes picked up after December 20 are received after January 2.', 'Support answers e-mail every working day.']);
  positions.push(
    (
      await announcements.execute(
        new PublishAnnouncement(
          { message_text: 'Holiday shipping cut-off: orders placed after December 18 ship after January 2. Please plan your device orders and RMA shipments accordingly.', link_name: 'Holiday schedule.pdf' },
          admin,
          uploads.pending('announcement-files', { bytes: schedule, contentType: 'application/pdf', extension: 'pdf' }),
          context,
        ),
      )
    ).position,
  );
  positions.push(
    (await announcements.execute(new PublishAnnouncement({ message_text: 'Agents: please accept the devices assigned to you within two working days.', audience_roles: [ROLE.AGENT] }, retailerManager, undefined, context))).position,
  );
  return positions;
}
