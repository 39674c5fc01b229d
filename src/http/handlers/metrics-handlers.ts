import type { Request, Response } from 'express';
import { UnauthorizedError } from '../../errors/app-error';
import { bearerMatches } from '../../telemetry/metrics-listener';
import { metricsText } from '../../telemetry/metrics';
import type { HandlerMap } from '../handler-map';

/**
 * GET /metrics: this API process's metrics in Prometheus's text format. Open like the health
 * probes, unless METRICS_TOKEN is set: then it needs `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function metricsHandlers(deps: { metricsToken: string | undefined }): HandlerMap {
  return {
    getMetrics: async (req: Request, res: Response) => {
      const token = deps.metricsToken;
      if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
        throw new UnauthorizedError(
          'GET /metrics needs Authorization: Bearer <METRICS_TOKEN> on this service',
        );
      }
      const scrape = await metricsText();
      res.setHeader('Cache-Control', 'no-store');
      res.type(scrape.contentType).send(scrape.text);
    },
  };
}
