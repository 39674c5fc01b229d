import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';

/**
 * The web console (decision 0058): the single-page app Vite built into `dir` (dist/console),
 * served under /console beside the API and outside openapi.yaml. Hashed files under assets/ are
 * cached for good; any other path under /console is one of the app's own routes (a deep link such
 * as /console/alerts/abc) and gets index.html, revalidated on each load. Without a build the
 * console answers 503 with the command that builds it, and the API is unaffected.
 */
export function consoleSite(dir: string): Router {
  const router = express.Router();
  const index = path.join(dir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
    (req: Request, res: Response) => {
      res.status(404).type('text/plain').send(`No console asset ${req.path}\n`);
    },
  );
  router.use(express.static(dir, { index: false, maxAge: 0 }));
  router.get(/.*/, (_req: Request, res: Response) => {
    if (!fs.existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The console is not built: run `npm run build:console` (npm start does it).\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // The app reads the API from this origin only; nothing else is allowed to load.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    res.sendFile(index);
  });
  return router;
}
