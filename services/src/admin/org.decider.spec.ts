import { ROLE } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type UserState, decideChangeOffice, decideCreateUser, evolveUser, initialUserState } from './org.decider';

const agentIn = (officeId: string): UserState =>
  evolveUser(initialUserState, {
    type: 'UserCreated',
    data: { user_id: 'u1', email: 'a@demo.test', first_name: 'A', last_name: 'B', office_id: officeId, role_ids: [ROLE.AGENT] },
  });
const allowed = { officeExists: true, agentInScope: true, officeInScope: true };

describe('organisation rules', () => {
  it('moves an agent of your offices to another of your offices', () => {
    expect(decideChangeOffice({ agent_id: 'u1', office_id: 'o2' }, agentIn('o1'), allowed)).toEqual([
      { type: 'AgentOfficeChanged', data: { user_id: 'u1', office_id: 'o2' } },
    ]);
  });

  it('refuses a move outside your scope exactly as one to nowhere, and one to where the agent already is', () => {
    const refusal = (result: unknown) => (result instanceof DomainError ? [result.status, result.message] : result);
    expect(refusal(decideChangeOffice({ agent_id: 'u1', office_id: 'o2' }, agentIn('o1'), { ...allowed, agentInScope: false }))).toEqual([404, 'No such agent']);
    expect(refusal(decideChangeOffice({ agent_id: 'u1', office_id: 'o2' }, agentIn('o1'), { ...allowed, officeInScope: false }))).toEqual([404, 'No such office']);
    expect(refusal(decideChangeOffice({ agent_id: 'u1', office_id: 'o9' }, agentIn('o1'), { ...allowed, officeExists: false }))).toEqual([404, 'No such office']);
    expect(refusal(decideChangeOffice({ agent_id: 'u1', office_id: 'o1' }, agentIn('o1'), allowed))).toEqual([409, 'The agent already works in that office']);
    expect(refusal(decideChangeOffice({ agent_id: 'u1', office_id: 'o2' }, initialUserState, allowed))).toEqual([404, 'No such agent']);
  });

  it('follows the office through the history', () => {
    const moved = evolveUser(agentIn('o1'), { type: 'AgentOfficeChanged', data: { user_id: 'u1', office_id: 'o2' } });
    expect(moved.officeId).toBe('o2');
  });

  it('gives a user one manager-level role at most, and an agent an office', () => {
    const create = (roles: number[], office?: string) =>
      decideCreateUser({ user_id: 'u2', profile: { email: 'x@demo.test', first_name: 'X', last_name: 'Y', office_id: office }, role_ids: roles }, { officeExists: office ? true : undefined });
    expect(create([ROLE.OFFICE_MANAGER, ROLE.AGENT], 'o1')).toHaveLength(1);
    expect(create([ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER])).toBeInstanceOf(DomainError);
    expect(create([ROLE.AGENT])).toBeInstanceOf(DomainError);
    expect(create([77])).toBeInstanceOf(DomainError);
    expect(decideCreateUser({ user_id: 'u3', profile: { email: 'not-an-email', first_name: 'X', last_name: 'Y' }, role_ids: [1] }, { officeExists: undefined })).toBeInstanceOf(DomainError);
  });
});
