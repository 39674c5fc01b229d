import path from 'node:path';

/** The repository root, whether running from src/ (tsx) or dist/src/ (compiled). */
export const repoRoot = path.resolve(
  __dirname,
  __dirname.endsWith(path.join('dist', 'src')) ? '../..' : '..',
);
export const cypherRoot = path.join(repoRoot, 'cypher');
export const openapiPath = path.join(repoRoot, 'openapi.yaml');
/** The web console as Vite builds it (npm run build:console), served at /console. */
export const consoleDir = path.join(repoRoot, 'dist', 'console');
/** The default notification layouts (Handlebars), compiled once at start. */
export const notificationLayoutsRoot = path.join(repoRoot, 'notifications');
