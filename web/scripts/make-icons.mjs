#!/usr/bin/env node
// Renders public/favicon.svg into the PNG icons the web app manifest names (public/icons/), with
// Chromium (Playwright), so no image tool is needed. Run after changing the favicon:
//   node web/scripts/make-icons.mjs
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const out = path.join(web, 'public/icons');
mkdirSync(out, { recursive: true });

// name, canvas size, drawn size (maskable icons keep their art inside the central 80% safe zone)
const icons = [
  ['icon-192.png', 192, 192],
  ['icon-512.png', 512, 512],
  ['maskable-512.png', 512, 360],
  ['apple-touch-icon.png', 180, 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, drawn] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:#07040d;display:grid;place-items:center;width:${size}px;height:${size}px">` +
        svg.replace('<svg ', `<svg width="${drawn}" height="${drawn}" `) +
        '</body></html>',
    );
    await page.screenshot({ path: path.join(out, name), omitBackground: false });
    console.log(`wrote public/icons/${name}`);
  }
} finally {
  await browser.close();
}
