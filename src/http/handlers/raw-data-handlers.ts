import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { EntityRef } from '../../entities/entity-api';
import type { RawDataApi } from '../../rawdata/raw-data-service';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/** The raw-data read operations: metadata as JSON, content streamed as stored. */
export function rawDataHandlers(deps: { rawData: RawDataApi }): HandlerMap {
  const { rawData } = deps;
  const download = (latest: boolean) => async (req: Request, res: Response) => {
    const { metadata, body } = await rawData.content({
      ...entityRef(req, res),
      name: pathParam(req, 'entryName'),
      ...(latest ? {} : { versionId: pathParam(req, 'versionId') }),
    });
    res.status(200);
    res.setHeader('Content-Type', metadata.contentType);
    res.setHeader('Content-Length', String(metadata.contentLength));
    res.setHeader('ETag', `"${metadata.versionId}"`);
    res.setHeader('X-Raw-Data-Version-Id', metadata.versionId);
    await pipeline(body, res).catch((err: unknown) => {
      // A client that has read Content-Length bytes may hang up before the stream's end: done.
      if ((err as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    });
  };
  return {
    getEntityRawData: async (req: Request, res: Response) => {
      res.status(200).json({ entries: await rawData.latest(entityRef(req, res)) });
    },
    getEntityRawDataVersions: async (req: Request, res: Response) => {
      res.status(200).json({ entries: await rawData.allVersions(entityRef(req, res)) });
    },
    listRawDataEntryVersions: async (req: Request, res: Response) => {
      const versions = await rawData.versions({
        ...entityRef(req, res),
        name: pathParam(req, 'entryName'),
      });
      res.status(200).json({ versions });
    },
    getLatestRawDataContent: download(true),
    getRawDataVersionContent: download(false),
  };
}

function entityRef(req: Request, res: Response): EntityRef {
  return { accountId: authOf(res).accountId, entityId: pathParam(req, 'entityId') };
}
