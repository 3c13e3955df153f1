import { WEBHOOK_ENDPOINTS_MAX } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { ENDPOINTS_LIMIT_MESSAGE, PRIVATE_URL_MESSAGE, type RegistrationFacts, decideRegisterWebhook, isPrivateHost } from './webhook-endpoint.decider';

const facts: RegistrationFacts = { retailerId: 'r1', endpointsOfRetailer: 0, isEventType: (type: string) => ['DeviceReceived', 'DeviceAssigned'].includes(type), allowPrivateUrls: false };

describe('registering a webhook endpoint', () => {
  it('given a retailer in reach, a public URL and known types, registers it (every type when none is named)', () => {
    expect(decideRegisterWebhook({ url: 'https://hooks.example.com/portal', event_types: ['DeviceReceived'], description: 'ERP' }, facts)).toEqual({ retailerId: 'r1', url: 'https://hooks.example.com/portal', eventTypes: ['DeviceReceived'], description: 'ERP' });
    expect(decideRegisterWebhook({ url: 'https://hooks.example.com/' }, facts)).toMatchObject({ eventTypes: [], description: null });
  });

  it('refuses without a retailer, with an unknown type, past the limit, and to a private address unless allowed', () => {
    const refusal = (body: Parameters<typeof decideRegisterWebhook>[0], given = facts) => {
      const decided = decideRegisterWebhook(body, given);
      return decided instanceof DomainError ? { status: decided.status, message: decided.message, fields: decided.fields } : decided;
    };
    expect(refusal({ url: 'https://a.example' }, { ...facts, retailerId: undefined })).toMatchObject({ status: 400, fields: { retailer_id: 'Please select a retailer' } });
    expect(refusal({ url: 'https://a.example', event_types: ['DeviceReceived', 'NoSuch'] })).toMatchObject({ status: 400, fields: { event_types: 'No event type is called NoSuch' } });
    expect(refusal({ url: 'https://a.example' }, { ...facts, endpointsOfRetailer: WEBHOOK_ENDPOINTS_MAX })).toMatchObject({ status: 422, message: ENDPOINTS_LIMIT_MESSAGE });
    for (const url of ['http://localhost:9000/x', 'https://127.0.0.1/', 'https://10.1.2.3/', 'https://192.168.0.9/', 'https://172.20.0.1/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[fd00::1]/', 'https://0.0.0.0/']) {
      expect(refusal({ url })).toMatchObject({ status: 400, fields: { url: PRIVATE_URL_MESSAGE } });
    }
    expect(refusal({ url: 'http://localhost:9000/x' }, { ...facts, allowPrivateUrls: true })).toMatchObject({ url: 'http://localhost:9000/x' });
  });

  it('tells private hosts from public ones', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '[::1]', '::ffff:127.0.0.1']) expect(isPrivateHost(host)).toBe(true);
    for (const host of ['example.com', '8.8.8.8', '172.32.0.1', '172.15.0.1', '192.169.0.1', '2001:db8::1']) expect(isPrivateHost(host)).toBe(false);
  });
});
