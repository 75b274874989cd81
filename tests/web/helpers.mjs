// Shared by the browser tests: Debian's Chromium through playwright-core, servers on 127.0.0.1,
// and small page probes. Every wait is bounded; callers close what they open in finally blocks.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

// A fresh headless Chromium (own profile directory, no network services). close() removes the
// profile too.
export async function launchBrowser() {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'wasmlearn-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      timeout: 20_000,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw e;
  }
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(15_000);
  return {
    context,
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
  };
}

// Records console errors, page errors, failed requests and requests that left 127.0.0.1.
export function watchPage(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) problems.push(`external request: ${r.url()}`);
  });
  return problems;
}

// The built playground (web/dist) through `vite preview` on a free port of 127.0.0.1.
export async function startPreview() {
  const { preview } = await import('vite');
  const server = await preview({
    root: path.join(repoRoot, 'web'),
    logLevel: 'error',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

const mime = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// A read-only static file server for `root` (GET/HEAD only, no directory listings, nothing
// outside root), on a free port of 127.0.0.1.
export async function startStaticServer(root) {
  const base = path.resolve(root);
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = path.resolve(base, `.${pathname}`);
      if (file !== base && !file.startsWith(base + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': mime[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

// Waits until the playground has finished `count` renders (body[data-renders] >= count).
export async function waitForRenders(page, count, timeout = 15_000) {
  await page.waitForFunction((n) => Number(document.body.dataset.renders ?? 0) >= n, count, { timeout });
  return Number(await page.evaluate(() => document.body.dataset.renders));
}

// The regions canvas: its size, a hash of its pixels, the number of distinct colours, of pixels
// that differ from white, and of bluish (class 0) and reddish (class 1) pixels.
export async function canvasStats(page, selector = '#regions') {
  const s = await page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const colours = new Set();
    let coloured = 0, bluish = 0, reddish = 0;
    let h1 = 0x811c9dc5, h2 = 0x01000193; // two FNV-style hashes of the pixels
    for (let i = 0; i < data.length; i++) {
      h1 = Math.imul(h1 ^ data[i], 0x01000193);
      h2 = Math.imul(h2 ^ data[i], 0x5bd1e995) ^ (h2 >>> 15);
    }
    for (let i = 0; i < data.length; i += 4) {
      const v = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      colours.add(v);
      if (v !== 0xffffff) coloured++;
      if (data[i + 2] > data[i]) bluish++;
      else if (data[i] > data[i + 2]) reddish++;
    }
    return { width: c.width, height: c.height, distinct: colours.size, coloured, bluish, reddish, hash: `${(h1 >>> 0).toString(16)}${(h2 >>> 0).toString(16)}` };
  }, selector);
  return s;
}

// Registers suite hooks (node:test's before/after, passed in) that serve web/dist with
// `vite preview` and launch Chromium; returns { server, browser }, filled in by the hook and
// closed after the suite.
export function useBuiltSite(before, after) {
  const site = { server: null, browser: null };
  before(async () => {
    site.server = await startPreview();
    try {
      site.browser = await launchBrowser();
    } catch (e) {
      await site.server.close();
      site.server = null;
      throw e;
    }
  });
  after(async () => {
    try {
      await site.browser?.close();
    } finally {
      await site.server?.close();
    }
  });
  return site;
}

// A playground page at `hash` after its first finished render; { page, problems }.
export async function openPlayground(site, hash = '', viewport = { width: 1100, height: 760 }) {
  const page = await site.browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems = watchPage(page);
  await page.goto(site.server.url + hash, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 15_000 });
  await waitForRenders(page, 1);
  await settled(page);
  return { page, problems };
}

// Runs `action`, then waits for the playground's next finished render, whatever its outcome.
export async function afterRender(page, action) {
  const before = Number(await page.evaluate(() => document.body.dataset.renders));
  await action();
  await waitForRenders(page, before + 1);
  await settled(page);
}

// Waits until the playground's figure is idle. A finished render can change the page's height
// (a scroll bar comes or goes), so the figure's width, and the resize then renders once more: two
// frames let that resize be seen, then any render it started is waited for.
async function settled(page, timeout = 15_000) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => !document.querySelector('#figure')?.hasAttribute('aria-busy'), null, { timeout });
}

// Shows section `id` of an open tutorial page and waits until its figures have drawn.
export async function showSection(page, id) {
  await page.evaluate((h) => (location.hash = h), id);
  await page.waitForFunction((s) => document.querySelector('#section')?.dataset.section === s && document.body.dataset.ready === '1', id, { timeout: 30_000 });
}

// A tutorial page (section `id`, or the first) after its figures have drawn; { page, problems }.
export async function openTutorial(site, id = '', viewport = { width: 1100, height: 800 }) {
  const page = await site.browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems = watchPage(page);
  await page.goto(`${site.server.url}tutorial.html${id ? `#${id}` : ''}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 20_000 });
  if (id) await showSection(page, id);
  return { page, problems };
}

// What the page at `root` (a built app's static files) wrote into #out once it set #out[data-done],
// and the problems seen on the way (console errors, failed or external requests).
export async function appOutput(root) {
  const server = await startStaticServer(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('#out[data-done]', { timeout: 30_000 });
    return { result: JSON.parse(await page.locator('#out').textContent()), problems };
  } finally {
    await browser.close();
    await server.close();
  }
}

// Checks what tests/web/packaged/main.js wrote in a bundled app: the fit, and a forest fitted on two
// pool workers by fitAsync that equals the synchronous fit.
export function checkPackagedApp({ result, problems }) {
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(result.classes, [0, 1]);
  assert.ok(result.accuracy > 0.95, `training accuracy ${result.accuracy}`);
  assert.equal(result.trees, 8);
  assert.ok(result.forestAccuracy > 0.9, `forest training accuracy ${result.forestAccuracy}`);
  assert.equal(result.sameForest, true, 'fitAsync with nJobs 2 gives the model of the synchronous fit');
  assert.deepEqual(problems, []);
}
