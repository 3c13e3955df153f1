import { loadConfig } from '../platform/config/config';
import { TARGET_RULE, firstInward, hostRefusal, inwardAddress } from './webhook-target';

/** The host of a URL as the registration and the delivery see it: after WHATWG URL's normalisation. */
const hostOf = (url: string) => new URL(url).hostname;

describe('where a webhook may be sent', () => {
  it('names the class of every address that is ours', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['fec0::1', 'private'],
      ['100.64.0.1', 'shared (carrier-grade NAT)'],
      ['100.127.255.254', 'shared (carrier-grade NAT)'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456::1', 'unique-local'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['100::1', 'reserved'],
      ['2002:a00:1::1', 'reserved'],
      ['2001::1', 'reserved'],
      ['64:ff9b:1::a00:1', 'reserved'],
      ['not an address', 'reserved'],
    ];
    for (const [address, expected] of cases) expect({ address, class: inwardAddress(address)?.class }).toEqual({ address, class: expected });
  });

  it('judges an IPv6 form carrying an IPv4 address as that IPv4 address', () => {
    expect(inwardAddress('::ffff:10.0.0.1')).toEqual({ address: '::ffff:a00:1', class: 'private', carried: '10.0.0.1' });
    expect(inwardAddress('::ffff:7f00:1')).toEqual({ address: '::ffff:7f00:1', class: 'loopback', carried: '127.0.0.1' });
    expect(inwardAddress('::ffff:0:a9fe:a9fe')).toMatchObject({ class: 'link-local', carried: '169.254.169.254' });
    expect(inwardAddress('64:ff9b::7f00:1')).toMatchObject({ class: 'loopback', carried: '127.0.0.1' });
    // IPv4-compatible (deprecated ::/96): ipaddr.js calls it unicast; the address it carries decides.
    expect(inwardAddress('::7f00:1')).toMatchObject({ class: 'loopback', carried: '127.0.0.1' });
    expect(inwardAddress('::192.168.0.1')).toMatchObject({ class: 'private', carried: '192.168.0.1' });
    expect(inwardAddress('::ffff:8.8.8.8')).toBeUndefined();
    expect(inwardAddress('64:ff9b::808:808')).toBeUndefined();
  });

  it('lets ordinary public addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '192.169.0.1', '100.63.255.255', '100.128.0.1', '169.253.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1']) {
      expect({ address, inward: inwardAddress(address) }).toEqual({ address, inward: undefined });
    }
  });

  it('judges every address of an answer, not only the first', () => {
    expect(firstInward(['8.8.8.8', '2606:4700::1', '10.0.0.7'])).toMatchObject({ address: '10.0.0.7', class: 'private' });
    expect(firstInward(['8.8.8.8', '2606:4700::1'])).toBeUndefined();
    expect(firstInward([])).toBeUndefined();
  });

  it('reads the host as WHATWG URL normalises it: odd IPv4 spellings, bracketed IPv6, localhost names', () => {
    const refusals: [string, string][] = [
      ['https://10.1.2.3/hook', '10.1.2.3 is private'],
      ['https://169.254.169.254/latest', '169.254.169.254 is link-local'],
      ['http://localhost:6379/', 'localhost is loopback'],
      ['http://LOCALHOST./', 'localhost. is loopback'],
      ['https://api.localhost/x', 'api.localhost is loopback'],
      ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['https://[::ffff:7f00:1]/x', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['https://[::ffff:10.0.0.1]/x', '::ffff:a00:1 (10.0.0.1) is private'],
      ['https://[::127.0.0.1]/x', '::7f00:1 (127.0.0.1) is loopback'],
      ['https://[::1]/', '::1 is loopback'],
      ['https://[fe80::1]/', 'fe80::1 is link-local'],
      ['https://[fd00::1]/', 'fd00::1 is unique-local'],
      ['https://[ff05::1]/', 'ff05::1 is multicast'],
      ['https://[::]/', ':: is unspecified'],
      ['http://2130706433/', '127.0.0.1 is loopback'],
      ['http://0x7f.1/', '127.0.0.1 is loopback'],
      ['http://127.1/', '127.0.0.1 is loopback'],
      ['http://017700000001/', '127.0.0.1 is loopback'],
      ['http://0/', '0.0.0.0 is unspecified'],
      ['https://127.0.0.1./x', '127.0.0.1 is loopback'],
      ['https://①②⑦.0.0.1/', '127.0.0.1 is loopback'],
      ['https://0xa9fea9fe/', '169.254.169.254 is link-local'],
      ['https://100.64.1.1/', '100.64.1.1 is shared (carrier-grade NAT)'],
      ['https://255.255.255.255/', '255.255.255.255 is broadcast'],
      ['https://224.0.0.251/', '224.0.0.251 is multicast'],
    ];
    for (const [url, reason] of refusals) expect({ url, refusal: hostRefusal(hostOf(url)) }).toEqual({ url, refusal: `${TARGET_RULE} (${reason}).` });
    expect(hostRefusal(hostOf('https://10.1.2.3/hook'))).toBe('The webhook URL must not point at a private, loopback or link-local address (10.1.2.3 is private).');
  });

  it('leaves public literals and ordinary names to the delivery, which judges what a name resolves to', () => {
    for (const url of ['https://8.8.8.8/x', 'https://[2606:4700::1]/x', 'https://hooks.example.com/portal', 'https://localhost.example.com/', 'https://mylocalhost/', 'https://127.0.0.1.nip.io/']) {
      expect({ url, refusal: hostRefusal(hostOf(url)) }).toEqual({ url, refusal: undefined });
    }
  });

  it('refuses private targets unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true (production leaves it unset)', () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe('false');
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe('true');
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS: /);
  });
});
