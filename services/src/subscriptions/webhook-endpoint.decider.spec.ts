import { WEBHOOK_ENDPOINTS_MAX } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { ENDPOINTS_LIMIT_MESSAGE, type RegistrationFacts, decideRegisterWebhook } from './webhook-endpoint.decider';
import { TARGET_RULE } from './webhook-target';

const facts: RegistrationFacts = { retailerId: 'r1', endpointsOfRetailer: 0, isEventType: (type: string) => ['DeviceReceived', 'DeviceAssigned'].includes(type), allowPrivateTargets: false };

describe('registering a webhook endpoint', () => {
  it('given a retailer in reach, a public URL and known types, registers it (every type when none is named)', () => {
    expect(decideRegisterWebhook({ url: 'https://hooks.example.com/portal', event_types: ['DeviceReceived'], description: 'ERP' }, facts)).toEqual({ retailerId: 'r1', url: 'https://hooks.example.com/portal', eventTypes: ['DeviceReceived'], description: 'ERP' });
    expect(decideRegisterWebhook({ url: 'https://hooks.example.com/' }, facts)).toMatchObject({ eventTypes: [], description: null });
  });

  it('refuses without a retailer, with an unknown type and past the limit', () => {
    const refusal = (body: Parameters<typeof decideRegisterWebhook>[0], given = facts) => {
      const decided = decideRegisterWebhook(body, given);
      return decided instanceof DomainError ? { status: decided.status, message: decided.message, fields: decided.fields } : decided;
    };
    expect(refusal({ url: 'https://a.example' }, { ...facts, retailerId: undefined })).toMatchObject({ status: 400, fields: { retailer_id: 'Please select a retailer' } });
    expect(refusal({ url: 'https://a.example', event_types: ['DeviceReceived', 'NoSuch'] })).toMatchObject({ status: 400, fields: { event_types: 'No event type is called NoSuch' } });
    expect(refusal({ url: 'https://a.example' }, { ...facts, endpointsOfRetailer: WEBHOOK_ENDPOINTS_MAX })).toMatchObject({ status: 422, message: ENDPOINTS_LIMIT_MESSAGE });
    expect(refusal({ url: 'http://localhost:9000/x' }, { ...facts, allowPrivateTargets: true })).toMatchObject({ url: 'http://localhost:9000/x' });
  });

  it('refuses a URL aimed at our own network — every class of address — unless private targets are allowed, naming why in one sentence', () => {
    const refusal = (url: string, allowPrivateTargets = false) => {
      const decided = decideRegisterWebhook({ url }, { ...facts, allowPrivateTargets });
      return decided instanceof DomainError ? { status: decided.status, message: decided.message, fields: decided.fields } : decided;
    };
    const cases: [string, string][] = [
      ['https://10.1.2.3/hook', '10.1.2.3 is private'],
      ['https://172.20.0.1/', '172.20.0.1 is private'],
      ['https://192.168.0.9/', '192.168.0.9 is private'],
      ['https://100.64.0.1/', '100.64.0.1 is shared (carrier-grade NAT)'],
      ['https://169.254.169.254/latest', '169.254.169.254 is link-local'],
      ['https://[fe80::1]/', 'fe80::1 is link-local'],
      ['http://localhost:6379/', 'localhost is loopback'],
      ['https://127.0.0.1/', '127.0.0.1 is loopback'],
      ['https://[::1]/', '::1 is loopback'],
      ['https://[fd00::1]/', 'fd00::1 is unique-local'],
      ['https://224.0.0.1/', '224.0.0.1 is multicast'],
      ['https://0.0.0.0/', '0.0.0.0 is unspecified'],
      ['https://[::]/', ':: is unspecified'],
      ['https://255.255.255.255/', '255.255.255.255 is broadcast'],
      ['https://240.0.0.1/', '240.0.0.1 is reserved'],
      ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['https://[::ffff:10.0.0.1]/x', '::ffff:a00:1 (10.0.0.1) is private'],
      ['http://2130706433/', '127.0.0.1 is loopback'],
      ['http://0x7f.1/', '127.0.0.1 is loopback'],
      ['http://127.1/', '127.0.0.1 is loopback'],
    ];
    for (const [url, reason] of cases) {
      const message = `${TARGET_RULE} (${reason}).`;
      expect({ url, refused: refusal(url) }).toEqual({ url, refused: { status: 400, message, fields: { url: message } } });
      expect({ url, allowed: refusal(url, true) }).toEqual({ url, allowed: { retailerId: 'r1', url, eventTypes: [], description: null } });
    }
    expect(refusal('https://hooks.example.com/portal')).toMatchObject({ url: 'https://hooks.example.com/portal' });
    expect(refusal('https://8.8.8.8/portal')).toMatchObject({ url: 'https://8.8.8.8/portal' });
  });
});
