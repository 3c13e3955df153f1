import { DomainError } from '../platform/commands/command-errors';
import { PASSWORD_ALREADY_SET, decidePasswordChange, passwordChosen } from './password.decider';

const created = { type: 'UserCreated' };
const changed = { type: 'UserPasswordChanged' };
const refusal = (result: unknown) => (result instanceof DomainError ? [result.status, result.message] : result);

describe('password changes', () => {
  it('lets a user whose password an administrator set choose their own once, without the old one', () => {
    expect(passwordChosen([created])).toBe(false);
    expect(decidePasswordChange('u1', 'forced_update', [created])).toEqual([{ type: 'UserPasswordChanged', data: { user_id: 'u1', reason: 'forced_update' } }]);
  });

  it('refuses a second forced update, and one for a signed-up user, who chose theirs at sign-up', () => {
    expect(passwordChosen([created, changed])).toBe(true);
    expect(refusal(decidePasswordChange('u1', 'forced_update', [created, changed]))).toEqual([403, PASSWORD_ALREADY_SET]);
    expect(refusal(decidePasswordChange('u1', 'forced_update', [{ type: 'UserRegistered' }]))).toEqual([403, PASSWORD_ALREADY_SET]);
  });

  it('changes (with the old password) and resets (by link) any time, but not for nobody', () => {
    expect(decidePasswordChange('u1', 'changed', [created, changed])).toEqual([{ type: 'UserPasswordChanged', data: { user_id: 'u1', reason: 'changed' } }]);
    expect(decidePasswordChange('u1', 'reset', [created])).toEqual([{ type: 'UserPasswordChanged', data: { user_id: 'u1', reason: 'reset' } }]);
    expect(refusal(decidePasswordChange('u1', 'reset', []))).toEqual([404, 'That user does not exist']);
  });
});
