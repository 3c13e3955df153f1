import { CANDIDATE_EVENT_TYPES, type CandidateActor, type CandidateEvent, type CandidateProfile, type RecordedEvent, STAGE, deliveryMethods, onboardingStatusName, onboardingStatuses } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * Candidates (doc 3 §2 Onboarding Summary, §3 candidate row, comment, log entry): one row per
 * candidate, its log (every event in words, with who or what did it) and its comments. A deleted
 * candidate keeps its row (marked) so that nothing of its history is lost, and leaves every list.
 * Candidates are few and each event touches one, so events are applied one by one.
 */

const deliveryName = (method: number) => deliveryMethods.find((item) => item.id === method)?.name ?? String(method);
const who = (by: CandidateActor) => (by.kind === 'candidate' ? 'the candidate' : by.name);
const stageName = (status: number) => (onboardingStatuses.some((stage) => stage.id === status) ? onboardingStatusName(status) : `Status ${status}`);

/** The parts of a profile as the candidate's page and Edit Candidate group them: a save names the parts it touched. */
const PROFILE_PARTS: readonly { readonly name: string; readonly fields: readonly (keyof CandidateProfile)[] }[] = [
  { name: 'personal details', fields: ['first_name', 'middle_name', 'last_name', 'dob', 'rad_id', 'shirt_size'] },
  { name: 'contact details', fields: ['email', 'mobile_number'] },
  { name: 'address', fields: ['street_address1', 'street_address2', 'city', 'state', 'zip'] },
];

/** The log's words for an event. */
function describe(event: CandidateEvent): string {
  switch (event.type) {
    case 'CandidateInvited':
      return `Invite sent to ${event.data.email} by ${who(event.data.by)} (${deliveryName(event.data.delivery_method)})`;
    case 'CandidateInviteRenewed':
      return event.data.reason === 'resend' ? `Invite resent by ${who(event.data.by)}` : `A new link was sent with the ${event.data.reason === 'email_reminder' ? 'e-mail' : 'SMS'} reminder`;
    case 'CandidateStageChanged': {
      const moved = event.data.from === event.data.to ? `Stayed at ${stageName(event.data.to)}` : `Moved from ${stageName(event.data.from)} to ${stageName(event.data.to)}`;
      // A move a person recorded by hand (the upstream integration down) says so: it is no report of upstream's.
      const how = event.data.by_hand ? ' (recorded by hand)' : '';
      return `${moved} by ${who(event.data.by)}${how}${event.data.note ? `: ${event.data.note}` : ''}`;
    }
    case 'CandidateProfileSaved': {
      const parts = [
        ...PROFILE_PARTS.filter((part) => part.fields.some((field) => Object.hasOwn(event.data.profile, field))).map((part) => part.name),
        event.data.photo_copy && 'photo copy',
        event.data.government_document && 'government document',
        event.data.masked_ssn_number && 'SSN',
      ].filter(Boolean);
      // A manager's Edit Candidate records the same event: the log names who saved it.
      return `Profile saved by ${who(event.data.by)} (${parts.join(', ') || 'no change'})`;
    }
    case 'CandidateDocumentSigned':
      return `${event.data.document === 'bgc_consent' ? 'Background check consent' : 'Retailer agent agreement'} signed by the candidate`;
    case 'CandidateReminded':
      return `${event.data.channel === 'email' ? 'E-mail' : 'SMS'} reminder sent by ${who(event.data.by)}`;
    case 'CandidateCustomEmailSent':
      return `Custom e-mail (${stageName(event.data.onboarding_status)}) sent by ${who(event.data.by)}`;
    case 'CandidateCommented':
      return `Comment by ${who(event.data.by)}`;
    case 'CandidateDeleted':
      return `Deleted by ${who(event.data.by)}`;
    case 'CandidateBecameUser':
      return 'Became a user of the portal';
  }
}

export const onboardingProjection: Projection = {
  name: 'onboarding',
  // v2: the invite link's hash (the candidate's page finds them by it). v3: an expired invite's
  // expires_at is when it stopped working; the log names the profile part saved and a move by hand.
  version: 3,
  tables: ['onboarding_candidates', 'onboarding_candidate_log', 'onboarding_candidate_comments'],
  handles: CANDIDATE_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('onboarding_candidates')} (
        id text primary key, status smallint not null, source smallint not null, office_id text not null, ibo_marketer_id text not null, retailer_id text not null,
        role_id smallint not null, first_name text not null, middle_name text, last_name text not null, email text not null, mobile_number text not null,
        will_add_enrollments smallint not null, delivery_method smallint not null, rad_id text, telgoo_id text, rad_pii_issue_ids smallint[] not null default '{}',
        masked_ssn_number text, dob date, shirt_size text, street_address1 text, street_address2 text, city text, state text, zip text,
        photo_copy_key text, government_document_key text, signed_bgc_key text, agent_agreement_key text, courses jsonb not null default '{}',
        token_hash text, expires_at timestamptz, user_id text, comments_count integer not null default 0, deleted_at timestamptz,
        updated_by_name text, last_updated_by_name text, created_at timestamptz not null, updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('onboarding_candidates')} (office_id, created_at desc) where deleted_at is null`.execute(db);
    await sql`create index on ${t('onboarding_candidates')} (lower(email)) where deleted_at is null`.execute(db);
    await sql`create index on ${t('onboarding_candidates')} (token_hash)`.execute(db);
    await sql`create index on ${t('onboarding_candidates')} (expires_at) where deleted_at is null and status in (1, 2)`.execute(db);
    await sql`
      create table ${t('onboarding_candidate_log')} (
        candidate_id text not null, seq bigint generated always as identity, description text not null, created_at timestamptz not null, primary key (candidate_id, seq)
      )`.execute(db);
    await sql`
      create table ${t('onboarding_candidate_comments')} (
        candidate_id text not null, seq bigint generated always as identity, comments text not null, commented_by_name text not null, created_at timestamptz not null,
        primary key (candidate_id, seq)
      )`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as CandidateEvent;
      const at = recorded.recordedAt.toISOString();
      const id = event.data.candidate_id;
      const by = 'by' in event.data ? (event.data.by as CandidateActor) : undefined;
      // Who touched it last: a person (a user or the candidate) for updated_by_name; anyone, systems too, for last_updated_by_name.
      const person = by && (by.kind === 'user' || by.kind === 'candidate') ? by.name : null;
      switch (event.type) {
        case 'CandidateInvited': {
          const d = event.data;
          await sql`
            insert into ${t('onboarding_candidates')} (id, status, source, office_id, ibo_marketer_id, retailer_id, role_id, first_name, middle_name, last_name, email,
              mobile_number, will_add_enrollments, delivery_method, token_hash, expires_at, updated_by_name, last_updated_by_name, created_at, updated_at)
            values (${id}, 1, ${d.source}, ${d.office_id}, ${d.ibo_marketer_id}, ${d.retailer_id}, ${d.role_id}, ${d.first_name}, ${d.middle_name}, ${d.last_name},
              ${d.email}, ${d.mobile_number}, ${d.will_add_enrollments}, ${d.delivery_method}, ${d.token_hash}, ${d.expires_at}, ${person}, ${d.by.name}, ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'CandidateInviteRenewed':
          await sql`update ${t('onboarding_candidates')} set token_hash = ${event.data.token_hash}, expires_at = ${event.data.expires_at}, updated_at = ${at} where id = ${id}`.execute(db);
          break;
        case 'CandidateStageChanged': {
          const d = event.data;
          // At Expired, expires_at becomes when the link stopped working: the window's end, or the move itself if that came first.
          await sql`
            update ${t('onboarding_candidates')} set status = ${d.to},
              expires_at = case when ${d.to === STAGE.EXPIRED} then least(expires_at, ${at}::timestamptz) else expires_at end,
              rad_pii_issue_ids = case when ${d.rad_pii_issue_ids !== undefined} then ${d.rad_pii_issue_ids ?? []}::smallint[] when ${d.to} <> 23 then '{}'::smallint[] else rad_pii_issue_ids end,
              telgoo_id = coalesce(${d.telgoo_id ?? null}, telgoo_id), rad_id = coalesce(${d.rad_id ?? null}, rad_id),
              courses = courses || ${JSON.stringify(d.courses ?? {})}::jsonb,
              updated_by_name = coalesce(${person}, updated_by_name), last_updated_by_name = ${d.by.name}, updated_at = ${at}
            where id = ${id}`.execute(db);
          break;
        }
        case 'CandidateProfileSaved': {
          const p = event.data.profile;
          const given = (field: keyof typeof p) => Object.hasOwn(p, field);
          const value = (field: keyof typeof p) => (given(field) ? (p[field] ?? null) : null);
          await sql`
            update ${t('onboarding_candidates')} set
              first_name = case when ${given('first_name')} then ${value('first_name')} else first_name end,
              middle_name = case when ${given('middle_name')} then ${value('middle_name')} else middle_name end,
              last_name = case when ${given('last_name')} then ${value('last_name')} else last_name end,
              dob = case when ${given('dob')} then ${value('dob')}::date else dob end,
              rad_id = case when ${given('rad_id')} then ${value('rad_id')} else rad_id end,
              shirt_size = case when ${given('shirt_size')} then ${value('shirt_size')} else shirt_size end,
              street_address1 = case when ${given('street_address1')} then ${value('street_address1')} else street_address1 end,
              street_address2 = case when ${given('street_address2')} then ${value('street_address2')} else street_address2 end,
              city = case when ${given('city')} then ${value('city')} else city end,
              state = case when ${given('state')} then ${value('state')} else state end,
              zip = case when ${given('zip')} then ${value('zip')} else zip end,
              email = case when ${given('email')} then ${value('email')} else email end,
              mobile_number = case when ${given('mobile_number')} then ${value('mobile_number')} else mobile_number end,
              photo_copy_key = coalesce(${event.data.photo_copy?.key ?? null}, photo_copy_key),
              government_document_key = coalesce(${event.data.government_document?.key ?? null}, government_document_key),
              masked_ssn_number = coalesce(${event.data.masked_ssn_number ?? null}, masked_ssn_number),
              updated_by_name = ${event.data.by.name}, last_updated_by_name = ${event.data.by.name}, updated_at = ${at}
            where id = ${id}`.execute(db);
          break;
        }
        case 'CandidateDocumentSigned':
          await sql`
            update ${t('onboarding_candidates')} set
              signed_bgc_key = case when ${event.data.document === 'bgc_consent'} then ${event.data.file.key} else signed_bgc_key end,
              agent_agreement_key = case when ${event.data.document === 'agent_agreement'} then ${event.data.file.key} else agent_agreement_key end,
              updated_at = ${at}
            where id = ${id}`.execute(db);
          break;
        case 'CandidateCommented':
          await sql`insert into ${t('onboarding_candidate_comments')} (candidate_id, comments, commented_by_name, created_at) values (${id}, ${event.data.comment}, ${who(event.data.by)}, ${at})`.execute(db);
          await sql`update ${t('onboarding_candidates')} set comments_count = comments_count + 1 where id = ${id}`.execute(db);
          break;
        case 'CandidateCustomEmailSent':
          // Every custom e-mail is also a comment (what was written to the candidate), so the comments modal is never empty of it.
          await sql`insert into ${t('onboarding_candidate_comments')} (candidate_id, comments, commented_by_name, created_at)
            values (${id}, ${`Custom e-mail (${stageName(event.data.onboarding_status)}): ${event.data.email_text}`}, ${who(event.data.by)}, ${at})`.execute(db);
          await sql`update ${t('onboarding_candidates')} set comments_count = comments_count + 1, updated_at = ${at} where id = ${id}`.execute(db);
          break;
        case 'CandidateReminded':
          await sql`insert into ${t('onboarding_candidate_comments')} (candidate_id, comments, commented_by_name, created_at)
            values (${id}, ${`${event.data.channel === 'email' ? 'E-mail' : 'SMS'} reminder sent`}, ${who(event.data.by)}, ${at})`.execute(db);
          await sql`update ${t('onboarding_candidates')} set comments_count = comments_count + 1, updated_at = ${at} where id = ${id}`.execute(db);
          break;
        case 'CandidateDeleted':
          await sql`update ${t('onboarding_candidates')} set deleted_at = ${at}, updated_at = ${at} where id = ${id}`.execute(db);
          break;
        case 'CandidateBecameUser':
          await sql`update ${t('onboarding_candidates')} set user_id = ${event.data.user_id}, updated_at = ${at} where id = ${id}`.execute(db);
          break;
      }
      await sql`insert into ${t('onboarding_candidate_log')} (candidate_id, description, created_at) values (${id}, ${describe(event)}, ${at})`.execute(db);
    }
  },
};
