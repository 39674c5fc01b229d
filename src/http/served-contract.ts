import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * What the `contract` operations serve, read once at start: openapi.yaml as it is and as JSON,
 * and the documentation page with its files.
 *
 * The page is Swagger UI from the swagger-ui-dist package: a prebuilt bundle (one script, one
 * style sheet) with no runtime dependencies, kept up to date by the Swagger project (releases
 * every few weeks), that reads OpenAPI 3.1 and shows an example of every request body and
 * response, generated from the schemas' `example`s. Redoc, the other usual choice, is now (3.x)
 * a React component library with React, styled-components and react-router as peers and no
 * standalone bundle. Every file the page loads is served here (`/docs/assets/{asset}`, a route of
 * openapi.yaml like any other, so it is matched, validated and logged like the rest): no CDN.
 */
export interface ServedFile {
  readonly body: Buffer;
  /** The Content-Type header. */
  readonly type: string;
  /** A strong ETag of the body. */
  readonly etag: string;
}

export interface ServedContract {
  /** openapi.yaml, byte for byte. */
  readonly yaml: ServedFile;
  /** openapi.yaml parsed (answered with res.json, so that response validation checks it). */
  readonly document: unknown;
  /** The ETag of the JSON that res.json writes for `document`. */
  readonly documentEtag: string;
  /** The HTML page of GET /docs. */
  readonly docsPage: ServedFile;
  /** The files of the page, by the name in /docs/assets/{asset}. */
  readonly assets: ReadonlyMap<string, ServedFile>;
}

export const DOCS_ASSETS_PATH = '/docs/assets';
const OPENAPI_JSON_PATH = '/openapi.json';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The swagger-ui-dist files the page loads (the standalone preset and its top bar are not used). */
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': JS,
  'swagger-ui.css': CSS,
};

/**
 * Starts Swagger UI on this service's contract: every operation expanded (so each one's example
 * request body and responses are on the page), examples before schemas, a filter by tag, and no
 * "Try it out" (the page documents; it holds no credentials). `validatorUrl: null` keeps Swagger
 * UI from sending the contract to validator.swagger.io for its badge.
 */
const DOCS_JS = `// Starts Swagger UI (swagger-ui-dist) on this service's contract. Served by graphsync.
window.ui = SwaggerUIBundle({
  url: '${OPENAPI_JSON_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'full',
  defaultModelRendering: 'example',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  filter: true,
  supportedSubmitMethods: [],
  validatorUrl: null,
});
`;

function served(body: Buffer | string, type: string): ServedFile {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { body: bytes, type, etag: etagOf(bytes) };
}

function etagOf(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The page: the style sheet, the bundle, then docs.js, all from this service. */
function docsPage(title: string): string {
  const asset = (name: string): string => `${DOCS_ASSETS_PATH}/${name}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
  </head>
  <body>
    <noscript>This page needs JavaScript. The contract it renders is at /openapi.yaml.</noscript>
    <div id="swagger-ui"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('docs.js')}"></script>
  </body>
</html>
`;
}

/** The directory of the installed swagger-ui-dist package. */
export function swaggerUiDistDir(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function loadServedContract(openapiPath: string): ServedContract {
  const bytes = fs.readFileSync(openapiPath);
  const document = parse(bytes.toString('utf8')) as { info?: { title?: unknown } };
  const title = typeof document.info?.title === 'string' ? document.info.title : 'API';
  const dist = swaggerUiDistDir();
  const assets = new Map<string, ServedFile>(
    Object.entries(SWAGGER_UI_FILES).map(([name, type]) => [
      name,
      served(fs.readFileSync(path.join(dist, name)), type),
    ]),
  );
  assets.set('docs.js', served(DOCS_JS, JS));
  return {
    yaml: served(bytes, 'application/yaml; charset=utf-8'),
    document,
    documentEtag: etagOf(JSON.stringify(document)),
    docsPage: served(docsPage(`${title}: documentation`), 'text/html; charset=utf-8'),
    assets,
  };
}
