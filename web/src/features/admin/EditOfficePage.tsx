import { Navigate, useLocation } from 'react-router-dom';
import OfficeForm from './OfficeForm';
import type { OfficeRow } from '@portal/contracts/admin/admin.views';

/** The office the Office list's Edit passed in router state. */
const officeOf = (state: unknown): OfficeRow | undefined => (state as { office?: OfficeRow } | null)?.office;

/** Edit Office (/editoffice, doc 3 §2): the office passed from the list; without one, back to /offices. */
export default function EditOfficePage() {
  const office = officeOf(useLocation().state);
  if (!office) return <Navigate to="/offices" replace />;
  return <OfficeForm key={office.id} office={office} />;
}
