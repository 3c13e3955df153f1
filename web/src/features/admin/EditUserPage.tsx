import type { UserRow } from '@portal/contracts/admin/admin.views';
import { Navigate, useLocation } from 'react-router-dom';
import UserForm from './UserForm';

/** The user the Users list's Edit passed in router state. */
const employeeOf = (state: unknown): UserRow | undefined => (state as { employee?: UserRow } | null)?.employee;

/** Edit User (/editemployee, doc 3 §2): the user passed from the Users list; without one, back to /employee. */
export default function EditUserPage() {
  const employee = employeeOf(useLocation().state);
  if (!employee) return <Navigate to="/employee" replace />;
  return <UserForm key={employee.id} user={employee} />;
}
