// Screenshots of Neo4j Browser as a person sees it, taken by headless Chromium over the DevTools protocol: (1) just
// after connecting (the server's post_connect_cmd applies Folio's style and opens Folio's guide; Folio must be
// running where the launcher points Browser), (2) with a query over one ingested document, to show the captions.
// Retake both whenever the style (src/graph/server/browser-style.ts) changes.
//   node --experimental-websocket scripts/screenshots/neo4j-browser.mjs <browser-url> <out-dir> <docId>
// Needs Debian's `chromium` (apt-get install -y --no-install-recommends chromium); NEO4J_PASSWORD as configured.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [url, outDir, docId] = process.argv.slice(2);
if (!url || !outDir || !docId) {
  console.error('usage: neo4j-browser.mjs <browser-url> <out-dir> <docId>');
  process.exit(2);
}
if (spawnSync('chromium', ['--version']).status !== 0) {
  console.error('chromium is missing: apt-get install -y --no-install-recommends chromium');
  process.exit(1);
}
const password = process.env.NEO4J_PASSWORD || 'folio-dev-password';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-chromium-'));
const chrome = spawn(
  'chromium',
  [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--window-size=1500,1100',
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    url,
  ],
  { stdio: 'ignore' },
);
try {
  let targets = [];
  for (let i = 0; i < 30 && !targets.some((t) => t.type === 'page'); i++) {
    await sleep(1000);
    targets = await fetch(`http://127.0.0.1:${port}/json`).then(
      (r) => r.json(),
      () => [],
    );
  }
  const ws = new WebSocket(targets.find((t) => t.type === 'page').webSocketDebuggerUrl);
  await new Promise((r) => ws.addEventListener('open', r));
  let id = 0;
  const pending = new Map();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  const send = (method, params = {}) =>
    new Promise((r) => {
      const i = ++id;
      pending.set(i, r);
      ws.send(JSON.stringify({ id: i, method, params }));
    });
  const evalJs = async (expression) =>
    (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })).result?.result
      ?.value;
  const click = async ([x, y]) => {
    await send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  };
  const centre = (selectorJs) =>
    evalJs(`(() => { const el = ${selectorJs}; if (!el) return null; const b = el.getBoundingClientRect();
      return [b.x + b.width / 2, b.y + b.height / 2]; })()`);
  const until = async (what, test, seconds = 60) => {
    for (let i = 0; i < seconds; i++) {
      if (await evalJs(test)) return;
      await sleep(1000);
    }
    await shoot('timed-out.png');
    throw new Error(`timed out waiting for ${what} (see ${path.join(outDir, 'timed-out.png')})`);
  };
  const shoot = async (file) => {
    const shot = await send('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(path.join(outDir, file), Buffer.from(shot.result.data, 'base64'));
    console.log('wrote', path.join(outDir, file));
  };

  await until('the login form', `!!document.querySelector('input[type=password]')`);
  const pw = `document.querySelector('input[type=password]')`;
  await click(
    await centre(
      `[...document.querySelectorAll('input')][[...document.querySelectorAll('input')].indexOf(${pw}) - 1]`,
    ),
  );
  await send('Input.insertText', { text: 'neo4j' });
  await click(await centre(pw));
  await send('Input.insertText', { text: password });
  await click(
    await centre(`[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Connect')`),
  );
  await until("Folio's guide", `document.body.innerText.includes('Folio: a document as a graph')`);
  await sleep(3000); // the post-connect commands settle (style applied, frames cleared)
  // Browser's usage-data banner is not part of what Folio shows. Its dismiss control is the banner's last child, a
  // <span> drawn as "×" (no button): a broader match would click the first button on the page, the sidebar's
  // Database Information icon, and swap the guide's drawer for that one.
  const dismiss = await centre(`(() => { const text = [...document.querySelectorAll('span')].find((s) =>
    /collect information on product usage/.test(s.textContent)); return text?.parentElement?.lastElementChild; })()`);
  if (dismiss) await click(dismiss);
  await sleep(1000);
  // The shot is what a person sees on connecting: the guide's drawer open, not Database Information.
  if (await evalJs(`!!document.querySelector('#db-drawer')`)) {
    await shoot('timed-out.png');
    throw new Error('the open drawer is Database Information, not the guide');
  }
  await until(
    "Folio's guide in the open drawer",
    `document.body.innerText.includes('Folio: a document as a graph')`,
    5,
  );
  await shoot('neo4j-browser-on-connect.png');

  // The outline and the elements of page 2, typed into the editor as a person would, each run with Ctrl+Enter.
  const run = async (text) => {
    await click(await centre(`document.querySelector('.monaco-editor .view-lines')`));
    await send('Input.insertText', { text });
    for (const type of ['keyDown', 'keyUp'])
      await send('Input.dispatchKeyEvent', {
        type,
        key: 'Enter',
        code: 'Enter',
        windowsVirtualKeyCode: 13,
        modifiers: 2,
      });
    await sleep(2000);
  };
  await run(`:param docId => '${docId}'`);
  // On a busy machine the next query can reach Browser before the parameter is stored ("ParameterMissing").
  await until('the parameter', `document.body.innerText.includes('Successfully set your parameters')`);
  await sleep(5000);
  await run(
    'MATCH (d:Document {id: $docId})-[hs:HAS_SECTION]->(s:Section)\n' +
      'MATCH (p:Page {docId: $docId, number: 2})-[he:HAS_ELEMENT]->(e:Element)\n' +
      'OPTIONAL MATCH (d)-[hp:HAS_PAGE]->(p)\n' +
      'OPTIONAL MATCH (p)-[sim:SIMILAR_TO|NEXT_PAGE]-(q:Page)\n' +
      'RETURN d, hs, s, p, he, e, hp, sim, q',
  );
  await until('the graph', `document.querySelectorAll('svg g.node').length > 5`);
  // The result frame in full screen, so the captions are legible: the full-screen button of the frame that holds the
  // graph (the nearest ancestor of the drawing that has one), not the editor's or another frame's.
  const full = await centre(`(() => { const isFull = (b) =>
      /full ?screen/i.test(b.getAttribute('title') || b.getAttribute('aria-label') || '');
    for (let el = document.querySelector('svg g.node'); el; el = el.parentElement) {
      const button = [...el.querySelectorAll('[title], [aria-label]')].find(isFull);
      if (button) return button;
    } })()`);
  if (full) await click(full);
  await sleep(8000); // the force layout settles
  const zoomIn = await centre(`document.querySelector('button[aria-label="zoom-in"]')`);
  for (let i = 0; zoomIn && i < 2; i++) await click(zoomIn);
  await sleep(1500);
  await shoot('neo4j-browser-captions.png');
  ws.close();
} finally {
  const exited = new Promise((r) => chrome.once('exit', r));
  chrome.kill();
  await exited;
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
