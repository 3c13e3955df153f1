import { withLuhnCheckDigit } from '@portal/contracts';

/** 14 digits and their Luhn check digit (as test/api/inventory.e2e.ts makes them). */
export function imeiOf(body14: string): string {
  return withLuhnCheckDigit(body14);
}

export interface BenchDevice {
  readonly imei: string;
  readonly device_type: 'PHONE';
  readonly carton_number: string;
  readonly make: string;
  readonly model: string;
}

/** Hands out IMEIs never used before in this run (each IMEI can be received once per database). */
export class ImeiSource {
  private next = 1;

  /** `cartons` cartons of `perCarton` devices, carton numbers `${prefix}-C001`, ... */
  cartons(prefix: string, cartons: number, perCarton: number): BenchDevice[] {
    const devices: BenchDevice[] = [];
    for (let carton = 1; carton <= cartons; carton++) {
      const carton_number = `${prefix}-C${String(carton).padStart(3, '0')}`;
      for (let index = 0; index < perCarton; index++) {
        devices.push({ imei: imeiOf(`35${String(this.next++).padStart(12, '0')}`), device_type: 'PHONE', carton_number, make: 'Acme', model: 'A1' });
      }
    }
    return devices;
  }

  get used(): number {
    return this.next - 1;
  }
}

/** A manifest file as a warehouse sends it: a heading row, one device per row, CRLF. */
export function manifestCsv(devices: readonly BenchDevice[]): string {
  const lines = ['IMEI,Carton,Device Type,Make,Model'];
  for (const device of devices) lines.push(`${device.imei},${device.carton_number},${device.device_type},${device.make},${device.model}`);
  return `${lines.join('\r\n')}\r\n`;
}

export const cartonNumbers = (devices: readonly BenchDevice[]) => [...new Set(devices.map((device) => device.carton_number))];
