import { EVENT_CATALOG } from '@portal/contracts';
import { DOCUMENTS_EVENT_TYPES } from './documents.projection';

/**
 * Every PDF the portal signs goes through the one signing mechanism, whose record (the signed file
 * and the `original_sha256` it was made from) the signing event carries; every such event must
 * reach the one registry Verify reads (`documents_signed_files`), whichever capability appends it.
 */
describe('the registry of signed PDFs', () => {
  it('is fed by every event that records a signed PDF', () => {
    const signing = EVENT_CATALOG.filter((entry) => 'shape' in entry.schema && Object.hasOwn(entry.schema.shape as object, 'original_sha256')).map((entry) => entry.type);
    expect(signing.sort()).toEqual(['CandidateDocumentSigned', 'DocumentSigned', 'UnitFormFilled']);
    expect(DOCUMENTS_EVENT_TYPES).toEqual(expect.arrayContaining(signing));
  });
});
