import OfficeForm from './OfficeForm';

/** Add Office (/addoffice, doc 3 §2): roles 11 and 12 (and 1), linked from the Office list. */
export default function AddOfficePage() {
  return <OfficeForm />;
}
