import UserForm from './UserForm';

/** Add User (/addemployee, doc 3 §2): role 12 (and 1), linked from the Users list. */
export default function AddUserPage() {
  return <UserForm />;
}
