import { type CandidateEvent, type ComplianceDocumentEvent, FORM_STATUS, type RecordedEvent, SIGNED_CANDIDATE_CONSENT_NAMES, type UnitFormEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

export const DOCUMENTS_EVENT_TYPES = ['ComplianceDocumentPublished', 'DocumentSigned', 'UnitFormSent', 'UnitFormFilled', 'UnitFormReviewed', 'CandidateDocumentSigned'] as const;

/**
 * Compliance documents and unit forms (doc 2 §2; doc 3 §2-§4; docs/DOCUMENTS.md).
 * - `documents_compliance`: each published document and its audience (who has it pending is
 *   matched when read, documents.queries.ts, so a person who joins later has it too);
 * - `documents_signatures`: one row per signed copy (whose lists show it signed);
 * - `documents_unit_forms`: the one form of an IBO/market or office, its status and last files;
 * - `documents_signed_files`: the one registry of every PDF the portal signed (the one signing
 *   mechanism, services/src/platform/signing): compliance documents, every filled copy of a unit
 *   form ever kept (a form filled again after a rejection keeps its earlier copy verifiable) and
 *   candidates' consents (onboarding's `CandidateDocumentSigned`), by the signed file's SHA-256 —
 *   what Verify looks up.
 */
export const documentsProjection: Projection = {
  name: 'documents',
  version: 2,
  tables: ['documents_compliance', 'documents_signatures', 'documents_unit_forms', 'documents_signed_files'],
  handles: DOCUMENTS_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('documents_compliance')} (
        id text primary key, seq bigint generated always as identity, name text not null,
        file_key text not null, size bigint not null, sha256 text not null,
        audience_agents boolean not null, audience_managers boolean not null,
        office_ids text[] not null, ibo_marketer_ids text[] not null, retailer_id text,
        published_by text not null, created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table ${t('documents_signatures')} (
        assignment_id text primary key, document_id text not null, user_id text not null,
        signer_name text not null, role_name text not null, office_name text,
        file_key text not null, size bigint not null, sha256 text not null, original_sha256 text not null,
        signed_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('documents_signatures')} (user_id)`.execute(db);
    await sql`create index on ${t('documents_signatures')} (document_id)`.execute(db);
    await sql`create index on ${t('documents_signatures')} (sha256)`.execute(db);
    await sql`
      create table ${t('documents_unit_forms')} (
        form_id text primary key, unit_kind text not null, unit_id text not null unique, form_name text not null,
        status smallint not null, reason text, sent_by text not null,
        file_key text, sha256 text, filled_by text, filled_at timestamptz, reviewed_by text, reviewed_at timestamptz,
        created_at timestamptz not null, updated_at timestamptz not null
      )`.execute(db);
    // What is known when signed is kept; names that may change (a unit's, a form filler's, a candidate's office) are read with the row.
    await sql`
      create table ${t('documents_signed_files')} (
        sha256 text not null, kind text not null, record_id text not null, document_name text not null,
        signer_id text, signer_name text, signer_role text, office_name text, unit_id text,
        file_key text not null, original_sha256 text not null, signed_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('documents_signed_files')} (sha256)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as ComplianceDocumentEvent | UnitFormEvent | Extract<CandidateEvent, { type: 'CandidateDocumentSigned' }>;
      const at = recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'ComplianceDocumentPublished': {
          const { data } = event;
          await sql`
            insert into ${t('documents_compliance')} (id, name, file_key, size, sha256, audience_agents, audience_managers, office_ids, ibo_marketer_ids, retailer_id, published_by, created_at)
            values (${data.document_id}, ${data.name}, ${data.file.key}, ${data.file.size}, ${data.file.sha256}, ${data.audience.agents}, ${data.audience.managers},
              ${[...data.audience.office_ids]}::text[], ${[...data.audience.ibo_marketer_ids]}::text[], ${data.retailer_id}, ${data.published_by}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'DocumentSigned': {
          const { data } = event;
          await sql`
            insert into ${t('documents_signatures')} (assignment_id, document_id, user_id, signer_name, role_name, office_name, file_key, size, sha256, original_sha256, signed_at)
            values (${data.assignment_id}, ${data.document_id}, ${data.signer.user_id}, ${data.signer.name}, ${data.signer.role_name}, ${data.signer.office_name},
              ${data.file.key}, ${data.file.size}, ${data.file.sha256}, ${data.original_sha256}, ${data.signed_at})
            on conflict (assignment_id) do nothing`.execute(db);
          await sql`
            insert into ${t('documents_signed_files')} (sha256, kind, record_id, document_name, signer_id, signer_name, signer_role, office_name, file_key, original_sha256, signed_at)
            values (${data.file.sha256}, 'compliance_document', ${data.assignment_id}, ${data.document_name}, ${data.signer.user_id}, ${data.signer.name}, ${data.signer.role_name},
              ${data.signer.office_name}, ${data.file.key}, ${data.original_sha256}, ${data.signed_at})`.execute(db);
          break;
        }
        case 'UnitFormSent': {
          const { data } = event;
          await sql`
            insert into ${t('documents_unit_forms')} (form_id, unit_kind, unit_id, form_name, status, sent_by, created_at, updated_at)
            values (${data.form_id}, ${data.unit_kind}, ${data.unit_id}, ${data.template_name}, ${FORM_STATUS.IN_PROGRESS}, ${data.sent_by}, ${at}, ${at})
            on conflict (form_id) do nothing`.execute(db);
          break;
        }
        case 'UnitFormFilled': {
          const { data } = event;
          await sql`
            update ${t('documents_unit_forms')} set status = ${FORM_STATUS.COMPLETED}, reason = null, file_key = ${data.file.key}, sha256 = ${data.file.sha256},
              filled_by = ${data.filled_by}, filled_at = ${data.signed_at}, updated_at = ${at}
            where form_id = ${data.form_id}`.execute(db);
          await sql`
            insert into ${t('documents_signed_files')} (sha256, kind, record_id, document_name, signer_id, unit_id, file_key, original_sha256, signed_at)
            select ${data.file.sha256}, 'unit_form', f.form_id, f.form_name, ${data.filled_by}, f.unit_id, ${data.file.key}, ${data.original_sha256}, ${data.signed_at}
            from ${t('documents_unit_forms')} f where f.form_id = ${data.form_id}`.execute(db);
          break;
        }
        case 'UnitFormReviewed': {
          const { data } = event;
          await sql`
            update ${t('documents_unit_forms')} set status = ${data.status}, reason = ${data.reason}, reviewed_by = ${data.reviewed_by}, reviewed_at = ${at}, updated_at = ${at}
            where form_id = ${data.form_id}`.execute(db);
          break;
        }
        case 'CandidateDocumentSigned': {
          // Onboarding's consents are signed by the same mechanism, so they are registered here too (their office is the candidate's, read with the row).
          const { data } = event;
          await sql`
            insert into ${t('documents_signed_files')} (sha256, kind, record_id, document_name, signer_name, signer_role, file_key, original_sha256, signed_at)
            values (${data.file.sha256}, 'candidate_consent', ${data.candidate_id}, ${SIGNED_CANDIDATE_CONSENT_NAMES[data.document]}, ${data.by.name}, 'Candidate',
              ${data.file.key}, ${data.original_sha256}, ${data.signed_at})`.execute(db);
          break;
        }
      }
    }
  },
};
