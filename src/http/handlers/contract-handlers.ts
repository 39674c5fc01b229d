import type { Request, Response } from 'express';
import { NotFoundError } from '../../errors/app-error';
import { type HandlerMap, pathParam } from '../handler-map';
import type { ServedContract, ServedFile } from '../served-contract';

/**
 * The contract and its documentation page (no authentication). Everything was read at start; a
 * request whose If-None-Match names the ETag gets a 304 (Express's res.send checks freshness), and
 * HEAD gets the headers alone.
 */
export function contractHandlers(deps: { contract: ServedContract }): HandlerMap {
  const { contract } = deps;
  return {
    getOpenapiYaml: (_req: Request, res: Response) => {
      send(res, contract.yaml);
    },
    getOpenapiJson: (_req: Request, res: Response) => {
      revalidate(res, contract.documentEtag);
      res.json(contract.document);
    },
    getApiDocs: (_req: Request, res: Response) => {
      send(res, contract.docsPage);
    },
    getApiDocsAsset: (req: Request, res: Response) => {
      const name = pathParam(req, 'asset');
      const file = contract.assets.get(name);
      if (file === undefined) throw new NotFoundError(`No documentation asset named '${name}'`);
      send(res, file);
    },
  };
}

function revalidate(res: Response, etag: string): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', etag);
}

function send(res: Response, file: ServedFile): void {
  revalidate(res, file.etag);
  res.setHeader('Content-Type', file.type);
  res.send(file.body);
}
