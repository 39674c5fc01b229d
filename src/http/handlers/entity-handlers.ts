import type { Request, Response } from 'express';
import type {
  EntityApi,
  EntityRef,
  EntityWriteRef,
  RelationshipDirection,
} from '../../entities/entity-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The entity mutation API (`/entities/{entityId}`). The PATCH body goes to the service as parsed
 * JSON (openapi.yaml checks only its outline): every rule and its message lives in src/entities.
 */
export function entityHandlers(deps: { entities: EntityApi }): HandlerMap {
  const { entities } = deps;
  return {
    getEntity: async (req: Request, res: Response) => {
      res.status(200).json(await entities.get(entityRef(req, res)));
    },
    patchEntity: async (req: Request, res: Response) => {
      res.status(200).json(await entities.patch({ ...writeRef(req, res), body: req.body }));
    },
    deleteEntity: async (req: Request, res: Response) => {
      res.status(200).json(await entities.delete(writeRef(req, res)));
    },
    listEntityRelationships: async (req: Request, res: Response) => {
      // openapi.yaml declares each parameter's type, so the validator let through only those.
      const query = req.query as Record<string, unknown>;
      const page = await entities.listRelationships({
        ...entityRef(req, res),
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: typeof query.cursor === 'string' ? query.cursor : undefined,
        includeDeleted: query.includeDeleted === true || query.includeDeleted === 'true',
        direction: query.direction as RelationshipDirection | undefined,
      });
      res.status(200).json(page);
    },
  };
}

function entityRef(req: Request, res: Response): EntityRef {
  return { accountId: authOf(res).accountId, entityId: pathParam(req, 'entityId') };
}

function writeRef(req: Request, res: Response): EntityWriteRef {
  return { ...entityRef(req, res), keyId: authOf(res).keyId };
}
