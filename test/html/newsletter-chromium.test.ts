import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// The HTML newsletter as a player's mail program shows it: rendered by a real headless
// Chromium (Debian's package, installed here when missing).
const CHROMIUM = '/usr/bin/chromium';
let browser: Browser;
let html = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    execFileSync('bash', ['-c', 'export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q --no-install-recommends chromium'], { stdio: 'inherit' });
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const cwd = mkdtempSync(join(tmpdir(), 'pb-html-'));
  expect(runCli(['demo', '--seed', 'html'], { cwd }).status).toBe(0);
  html = readFileSync(join(cwd, 'postboggle-demo', 'rounds', '001', 'newsletter.html'), 'utf8');
}, 600_000);

afterAll(async () => { await browser?.close(); });

describe('HTML newsletter in Chromium', () => {
  it('shows the field as a 5x5 table with coordinates, and the round table and ranking', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 1400 } });
    await page.setContent(html, { waitUntil: 'load' });
    const field = page.locator('table.field').first();
    await expect.poll(() => field.isVisible()).toBe(true);
    const cells = await field.locator('td').allInnerTexts();
    expect(cells).toHaveLength(25);
    expect(cells[12]).toBe('*');
    expect(await field.locator('th').allInnerTexts()).toEqual(['', 'A', 'B', 'C', 'D', 'E', '1', '2', '3', '4', '5']);
    const box = await field.boundingBox();
    expect(box!.width).toBeGreaterThan(150); // really laid out as a grid, not collapsed
    const ranking = page.locator('table.ranking');
    expect(await ranking.isVisible()).toBe(true);
    const rows = await ranking.locator('tr').allInnerTexts();
    expect(rows).toHaveLength(5); // header + four computer players
    expect(rows[1]).toMatch(/^1\.\s+Computer 4 \(Meister\)\s+(\d+)\s+neu\s+1\s+\1$/); // total, movement, rounds, the round's score
    expect(await page.locator('table.round-table').isVisible()).toBe(true);
    const shots = fileURLToPath(new URL('../../test-output/', import.meta.url));
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'newsletter.png'), fullPage: true });
    await page.close();
  });
});
