// Makes the demo seed's training video (services/assets/demo/portal-tour.webm) once, so that
// neither CI nor `npm start` needs ffmpeg: Debian's Chromium draws a short animation on a canvas
// and records it with MediaRecorder as WebM (VP8), which Chromium plays back. Run it again only
// to change the video: `node scripts/make-training-video.mjs` (needs /usr/bin/chromium).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'services', 'assets', 'demo', 'portal-tour.webm');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 270;
    document.body.append(canvas);
    const context = canvas.getContext('2d');
    const scenes = [
      ['Welcome to the portal', 'Your devices, returns and orders in one place'],
      ['1. Receive a carton', 'Inventory > Receive Inventory'],
      ['2. Assign to an agent', 'Inventory > Assign Inventory'],
      ['3. Agent accepts', 'Accept Inventory on the agent dashboard'],
      ['4. Returns in two steps', 'Initiate RMA, then Submit RMA'],
      ['Need help?', 'Help centre: FAQ, documents, videos, support'],
    ];
    const seconds = 12;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 200_000 });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(500);
    const started = performance.now();
    await new Promise((resolve) => {
      const draw = () => {
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= seconds) return resolve();
        const [title, line] = scenes[Math.min(scenes.length - 1, Math.floor((elapsed / seconds) * scenes.length))];
        context.fillStyle = '#0b3d91';
        context.fillRect(0, 0, 480, 270);
        context.fillStyle = '#ffffff';
        context.font = 'bold 28px sans-serif';
        context.fillText(title, 30, 120);
        context.font = '18px sans-serif';
        context.fillText(line, 30, 160);
        // A progress bar, so that seeking shows where one is.
        context.fillStyle = '#7fb3ff';
        context.fillRect(30, 220, (420 * elapsed) / seconds, 8);
        requestAnimationFrame(draw);
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const bytes = Buffer.from(base64, 'base64');
  await writeFile(target, bytes);
  console.log(`${target}: ${bytes.length} bytes`);
} finally {
  await browser.close();
}
