import { type OpenApiDocument, type OpenApiMethod, type OpenApiOperation, OPENAPI_JSON_PATH, describeCaller } from './openapi-document';

const METHODS: readonly OpenApiMethod[] = ['get', 'post', 'put', 'delete'];

/** Every operation of the document with its method and path, in document order. */
export function operationsOf(document: OpenApiDocument): { method: OpenApiMethod; path: string; operation: OpenApiOperation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A small self-contained page (no external assets) listing the operations by tag, linking to the JSON document. */
export function renderOpenApiHtml(document: OpenApiDocument): string {
  const operations = operationsOf(document);
  const sections = document.tags.map(({ name }) => {
    const rows = operations
      .filter(({ operation }) => operation.tags.includes(name))
      .map(
        ({ method, path, operation }) =>
          `<tr id="${escapeHtml(operation.operationId)}"><td><span class="m ${method}">${method.toUpperCase()}</span></td>` +
          `<td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary)}</td>` +
          `<td>${escapeHtml(describeCaller(operation))}</td>` +
          `<td class="spec">${escapeHtml(operation['x-spec'])}</td></tr>`,
      );
    return (
      `<section id="tag-${escapeHtml(name)}"><h2>${escapeHtml(name)} <small>${rows.length}</small></h2>` +
      `<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Who may call</th><th>Spec</th></tr></thead>` +
      `<tbody>${rows.join('')}</tbody></table></section>`
    );
  });
  const nav = document.tags.map(({ name }) => `<a href="#tag-${escapeHtml(name)}">${escapeHtml(name)}</a>`).join(' · ');
  const title = `${document.info.title} ${document.info.version}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2430}
h1{margin:0 0 .25rem}h2{margin:2rem 0 .5rem;text-transform:capitalize}h2 small{color:#6b7280;font-weight:normal}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb}
th{font-weight:600;background:#f9fafb}code{font-size:13px}.spec{color:#6b7280}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;padding:0 .4rem;font:600 12px/1.6 monospace;color:#fff}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.delete{background:#dc2626}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${operations.length} operations. OpenAPI 3.1 document: <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a>. Failing calls answer <code>{ error, message, fields? }</code>.</p>
<nav>${nav}</nav>
${sections.join('\n')}
</body>
</html>
`;
}
