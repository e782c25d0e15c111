// Screenshot of Neo4j Browser as a person first sees it: headless Chromium logs in over the DevTools protocol,
// the server's post_connect_cmd applies Folio's style and opens Folio's guide (Folio must be running on :3000).
// Usage: node --experimental-websocket scripts/screenshots/neo4j-browser.mjs http://127.0.0.1:7474/browser/ out.png
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const [url, out] = process.argv.slice(2);
const chrome = spawn('chromium', ['--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=1500,1700',
  '--remote-debugging-port=9333', '--user-data-dir=/tmp/chrome-' + Date.now(), url], { stdio: 'ignore' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(4000);
const targets = await (await fetch('http://127.0.0.1:9333/json')).json();
const page = targets.find((t) => t.type === 'page');
const ws = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let id = 0; const pending = new Map();
ws.addEventListener('message', (e) => { const m = JSON.parse(e.data); if (pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } });
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
const evalJs = async (expression) => { const r = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }); if (r.result?.exceptionDetails) console.error(JSON.stringify(r.result.exceptionDetails).slice(0, 400)); return r.result; };
await sleep(8000);
const click = async (x, y) => {
  await send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
  await send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
};
const coords = JSON.parse((await evalJs(`JSON.stringify((() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; };
  const pw = document.querySelector('input[type=password]');
  if (!pw) return null;
  const inputs = [...document.querySelectorAll('input')];
  const user = inputs[inputs.indexOf(pw) - 1];
  const btn = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Connect');
  return { user: r(user), pw: r(pw), btn: r(btn) };
})())`)).result.value);
if (coords) {
  await click(...coords.user); await send('Input.insertText', { text: 'neo4j' });
  await click(...coords.pw); await send('Input.insertText', { text: 'folio-dev-password' });
  await click(...coords.btn);
}
await sleep(12000);
const shot = await send('Page.captureScreenshot', { format: 'png' });
fs.writeFileSync(out, Buffer.from(shot.result.data, 'base64'));
ws.close(); chrome.kill();
console.log('wrote', out);
