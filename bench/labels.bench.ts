/**
 * Label rendering benchmark (issue 27, docs/SCANNING.md "Labels"): BENCH_LABELS carton labels and
 * as many device labels (default 500) in each layout — A4 sheet, 4 x 6 in, 62 mm — rendered
 * BENCH_LABELS_RUNS times (default 5) after a warm-up, in this process (no database, no HTTP: the
 * renderer alone, as the API runs it). Prints p50 and best per layout, pages, size and time per
 * label, and beside them the floor no layout can go under: bwip-js encoding the same barcodes
 * alone (a QR code and a Code 128 per carton, a Code 128 per device). Elapsed time and the
 * process's CPU time both: on a busy machine the first grows, the second hardly. Target: 500
 * labels within 3 s. Not a test: a miss never fails it.
 *
 *   npm run bench:labels
 *   BENCH_LABELS=1000 BENCH_LABELS_RUNS=3 npm run bench:labels
 */
import os from 'node:os';
import { LABEL_LAYOUTS, type LabelLayout } from '@portal/contracts';
import { code128Pattern, qrMatrix } from '@portal/services/dist/platform/pdf/barcodes';
import { type CartonLabel, type DeviceLabel, labelsPerPage, renderCartonLabels, renderDeviceLabels } from '@portal/services/dist/inventory/labels/inventory-labels';
import { benchLog as log, fmt, integer, ms } from './inventory/stats';

const LABELS = integer('BENCH_LABELS', 500, 1);
const RUNS = integer('BENCH_LABELS_RUNS', 5, 1);
const TARGET_MS = 3000;

const cartons: CartonLabel[] = Array.from({ length: LABELS }, (_, i) => ({
  carton_number: `CTN-2026-${String(i + 1).padStart(5, '0')}`,
  office: 'Dallas Office (#4417)',
  device_count: 24,
  device_type: 'Phone',
  received: '03-14-2026',
}));
const devices: DeviceLabel[] = Array.from({ length: LABELS }, (_, i) => ({ imei: `35693803${String(i + 1).padStart(7, '0')}`, model: 'Acme A1', carton_number: 'CTN-2026-00001' }));

/**
 * Milliseconds of each run of `work` after one warm-up run — elapsed, and this process's CPU time
 * (which another busy process on the machine does not inflate) — and the last answer.
 */
async function timed<T>(work: () => Promise<T> | T): Promise<{ times: number[]; cpu: number[]; answer: T }> {
  let answer = await work();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    answer = await work();
    const used = process.cpuUsage(cpuBefore);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { times, cpu, answer };
}

const sorted = (times: readonly number[]) => [...times].sort((a, b) => a - b);
const p50 = (times: readonly number[]) => sorted(times)[Math.floor((times.length - 1) / 2)]!;

async function main(): Promise<void> {
  log(`labels bench: ${fmt(LABELS)} labels a document, ${RUNS} runs after a warm-up (node ${process.version})`);
  const floor = {
    carton: await timed(() => cartons.forEach((label) => (qrMatrix(label.carton_number), code128Pattern(label.carton_number)))),
    device: await timed(() => devices.forEach((label) => code128Pattern(label.imei))),
  };
  log(`floor (bwip-js encoding alone): cartons ${ms(p50(floor.carton.times))} (QR + Code 128), devices ${ms(p50(floor.device.times))} (Code 128)`);
  const rows: string[] = [];
  for (const kind of ['carton', 'device'] as const) {
    for (const layout of LABEL_LAYOUTS as readonly LabelLayout[]) {
      const { times, cpu, answer } = await timed(() => (kind === 'carton' ? renderCartonLabels(cartons, layout) : renderDeviceLabels(devices, layout)));
      const median = p50(times);
      const pages = Math.ceil(LABELS / labelsPerPage(kind, layout));
      const verdict = LABELS === 500 ? (median <= TARGET_MS ? 'PASS' : 'MISS') : '';
      const line = `${kind.padEnd(6)} ${layout.padEnd(5)} p50 ${ms(median).padStart(9)}  best ${ms(sorted(times)[0]!).padStart(9)}  cpu p50 ${ms(p50(cpu)).padStart(9)}  ${fmt(pages).padStart(5)} pages  ${fmt(answer.length / 1024).padStart(5)} KiB  ${ms(median / LABELS).padStart(7)}/label  x${fmt(median / p50(floor[kind].times), 1)} floor  ${verdict}`;
      rows.push(line);
      log(line);
    }
  }
  console.log(`\nlabels: ${fmt(LABELS)} a document, p50 of ${RUNS} runs (target ${ms(TARGET_MS)} for 500; machine load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs)\n${rows.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
