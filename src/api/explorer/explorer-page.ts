// The API explorer served at GET /graphql in development. Everything it needs is in this one page (no CDN, no
// fonts, no scripts from elsewhere), so it works on a machine with no internet: Apollo's own landing page and
// GraphiQL both load their code from CDNs.

const DEFAULT_QUERY = `# Ctrl+Enter runs the query. The panel on the right lists every field and type.
query Documents {
  documents(first: 10) {
    totalCount
    edges { node { id title pageCount status ingestedAt } }
  }
}
`;

/** What the docs panel asks the server for (exported so a test runs it against the real schema). */
export const EXPLORER_INTROSPECTION_QUERY =
  '{ __schema { queryType { name } mutationType { name } types { name kind description ' +
  'fields { name description args { name type { ...T } defaultValue } type { ...T } } ' +
  'inputFields { name description type { ...T } } enumValues { name description } } } } ' +
  'fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2330;background:#f4f6fa;height:100vh;display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:12px;padding:8px 14px;background:#1d2330;color:#fff}
header h1{font-size:16px;margin:0;font-weight:600}
header .url{opacity:.7;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
header button{margin-left:auto}
button{background:#2f6fed;color:#fff;border:0;border-radius:4px;padding:6px 14px;font-weight:600;cursor:pointer}
button:disabled{opacity:.5;cursor:wait}
main{flex:1;display:grid;grid-template-columns:1fr 1fr 320px;min-height:0}
section{display:flex;flex-direction:column;min-height:0;border-right:1px solid #d6dbe6}
label{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#5a6478;padding:6px 10px 2px}
textarea,pre{font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;margin:0;border:0;padding:8px 10px;background:#fff;resize:none;outline:none;tab-size:2}
#query{flex:3}
#variables,#headers{flex:1;border-top:1px solid #d6dbe6}
#result{flex:1;overflow:auto;white-space:pre-wrap;word-break:break-word}
#status{font-size:12px;color:#5a6478;padding:4px 10px;border-top:1px solid #d6dbe6;background:#f4f6fa}
#docs{overflow:auto;padding:4px 10px 20px;background:#fbfcfe;font-size:13px}
#docs h2{font-size:13px;margin:12px 0 4px}
#docs .field{margin:3px 0;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
#docs .desc{color:#5a6478;font-family:system-ui,sans-serif;margin:0 0 6px 10px;font-size:12px}
#docs a{color:#2f6fed;cursor:pointer;text-decoration:none}
.error{color:#b3261e}
`;

const SCRIPT = `
const endpoint = window.location.pathname;
const $ = (id) => document.getElementById(id);
const saved = (key, fallback) => localStorage.getItem('folio-explorer.' + key) ?? fallback;
$('query').value = saved('query', DEFAULT_QUERY);
$('variables').value = saved('variables', '{}');
$('headers').value = saved('headers', '{}');
for (const id of ['query', 'variables', 'headers'])
  $(id).addEventListener('input', () => localStorage.setItem('folio-explorer.' + id, $(id).value));

function parseJson(id) {
  const text = $(id).value.trim();
  if (!text) return {};
  try { return JSON.parse(text); } catch (e) { throw new Error(id + ' is not valid JSON: ' + e.message); }
}

async function post(body, extraHeaders) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: Object.assign({ 'content-type': 'application/json' }, extraHeaders),
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function run() {
  const button = $('run');
  button.disabled = true;
  $('status').textContent = 'Running…';
  const started = performance.now();
  try {
    const { status, json } = await post(
      { query: $('query').value, variables: parseJson('variables') },
      parseJson('headers'),
    );
    $('result').textContent = JSON.stringify(json, null, 2);
    $('result').className = json.errors ? 'error' : '';
    $('status').textContent = 'HTTP ' + status + ' in ' + Math.round(performance.now() - started) + ' ms';
  } catch (e) {
    $('result').textContent = String(e.message || e);
    $('result').className = 'error';
    $('status').textContent = 'Failed';
  } finally {
    button.disabled = false;
  }
}
$('run').addEventListener('click', run);
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); run(); }
});
$('query').addEventListener('keydown', (e) => {
  if (e.key !== 'Tab') return;
  e.preventDefault();
  const t = e.target, s = t.selectionStart;
  t.value = t.value.slice(0, s) + '  ' + t.value.slice(t.selectionEnd);
  t.selectionStart = t.selectionEnd = s + 2;
});

// The docs panel: the schema as the server describes it (introspection), types clickable.
let types = {};
const typeName = (t) => t.kind === 'NON_NULL' ? typeName(t.ofType) + '!' : t.kind === 'LIST' ? '[' + typeName(t.ofType) + ']' : t.name;
const baseName = (t) => t.ofType ? baseName(t.ofType) : t.name;
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const link = (t) => '<a data-type="' + esc(baseName(t)) + '">' + esc(typeName(t)) + '</a>';

function showType(name) {
  const t = types[name];
  if (!t) return;
  let html = '<p><a data-type="">← schema</a></p><h2>' + esc(t.name) + ' <small>(' + t.kind.toLowerCase() + ')</small></h2>';
  if (t.description) html += '<div class="desc">' + esc(t.description) + '</div>';
  for (const f of t.fields ?? t.inputFields ?? []) {
    const args = (f.args ?? []).map((a) => esc(a.name) + ': ' + link(a.type)).join(', ');
    html += '<div class="field">' + esc(f.name) + (args ? '(' + args + ')' : '') + ': ' + link(f.type) + '</div>';
    if (f.description) html += '<div class="desc">' + esc(f.description) + '</div>';
  }
  for (const v of t.enumValues ?? []) html += '<div class="field">' + esc(v.name) + '</div>';
  $('docs').innerHTML = html;
}

function showRoot(schema) {
  const roots = [schema.queryType, schema.mutationType].filter(Boolean).map((r) => '<a data-type="' + esc(r.name) + '">' + esc(r.name) + '</a>');
  const named = Object.keys(types).filter((n) => !n.startsWith('__')).sort();
  $('docs').innerHTML = '<h2>Roots</h2><div class="field">' + roots.join(' · ') + '</div><h2>Types</h2>' +
    named.map((n) => '<div class="field"><a data-type="' + esc(n) + '">' + esc(n) + '</a></div>').join('');
}

let rootSchema = null;
$('docs').addEventListener('click', (e) => {
  const name = e.target.getAttribute && e.target.getAttribute('data-type');
  if (name === null || name === undefined) return;
  if (name === '') showRoot(rootSchema); else showType(name);
});

// Sent with the Headers panel (an API key, when the server asks for one); loaded again when they change.
function loadSchema() {
  let headers = {};
  try { headers = parseJson('headers'); } catch (e) { /* the Run button reports bad JSON */ }
  post({ query: INTROSPECTION }, headers).then(({ status, json }) => {
    if (!json.data) {
      const hint = status === 401 ? 'this server asks for an API key: put {"authorization": "Bearer <key>"} in Headers. ' : '';
      throw new Error(hint + JSON.stringify(json.errors));
    }
    rootSchema = json.data.__schema;
    types = {};
    for (const t of rootSchema.types) types[t.name] = t;
    showType(rootSchema.queryType.name);
  }).catch((e) => { $('docs').innerHTML = '<p class="error">Schema not loaded: ' + esc(e.message) + '</p>'; });
}
loadSchema();
$('headers').addEventListener('change', loadSchema);
`;

/** A string as a JS literal that cannot close the surrounding <script> element. */
const scriptLiteral = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c');

/** The whole explorer page for a GraphQL endpoint served at the page's own path. */
export function explorerPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Folio API explorer</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Folio API explorer</h1><span class="url" id="endpoint"></span><button id="run" title="Ctrl+Enter">Run ▶</button></header>
<main>
<section><label for="query">Query</label><textarea id="query" spellcheck="false"></textarea>
<label for="variables">Variables (JSON)</label><textarea id="variables" spellcheck="false"></textarea>
<label for="headers">Headers (JSON)</label><textarea id="headers" spellcheck="false"></textarea></section>
<section><label>Result</label><pre id="result"></pre><div id="status">Ready</div></section>
<section id="docs">Loading schema…</section>
</main>
<script>
const DEFAULT_QUERY = ${scriptLiteral(DEFAULT_QUERY)};
const INTROSPECTION = ${scriptLiteral(EXPLORER_INTROSPECTION_QUERY)};
${SCRIPT}
document.getElementById('endpoint').textContent = window.location.origin + endpoint;
</script>
</body>
</html>
`;
}
