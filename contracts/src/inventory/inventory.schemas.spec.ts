import { AGENT_TRANSFER_DEFAULT_REASON, agentTransferBody } from './inventory.schemas';

const imei = '356938035643809';

describe("the agent's transfer_device body (doc 2 §7)", () => {
  it.each([
    ['omitted', {}],
    ['null', { reason: null }],
    ['empty', { reason: '' }],
    ['blank', { reason: ' \n ' }],
  ])("records 'Sample Reason' when the reason is %s", (_case, reason) => {
    expect(AGENT_TRANSFER_DEFAULT_REASON).toBe('Sample Reason');
    expect(agentTransferBody.parse({ imei: [imei], ...reason }).reason).toBe('Sample Reason');
  });

  it("keeps the agent's own reason, trimmed, and still refuses a bad one", () => {
    expect(agentTransferBody.parse({ imei: [imei], reason: '  Screen cracked ' }).reason).toBe('Screen cracked');
    expect(agentTransferBody.safeParse({ imei: [imei], reason: 'x'.repeat(501) }).success).toBe(false);
    expect(agentTransferBody.safeParse({ imei: [imei], reason: 'a\u0000b' }).success).toBe(false);
    expect(agentTransferBody.safeParse({ imei: [imei], reason: 42 }).success).toBe(false);
  });
});
