import type { Readable } from 'node:stream';
import type { BlobStore } from '../blob/blob-store';
import type { EntityRef } from '../entities/entity-api';
import { entityNotFound } from '../entities/entity-not-found';
import { NotFoundError, UnavailableError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import type { Graph } from '../graph/graph';

type Schemas = components['schemas'];

/**
 * The metadata of one version of a raw-data entry (docs/guide/raw-data.md, "Reading raw data"):
 * openapi.yaml's RawDataMetadata.
 */
export type RawDataMetadata = Schemas['RawDataMetadata'];
/** Entry name -> its latest version (`entries` of RawDataEntriesResponse). */
type LatestByName = Schemas['RawDataEntriesResponse']['entries'];
/** Entry name -> its versions, newest first (`entries` of RawDataVersionsByEntryResponse). */
type VersionsByName = Schemas['RawDataVersionsByEntryResponse']['entries'];
/** One entry's versions, newest first (`versions` of RawDataVersionsResponse). */
type Versions = Schemas['RawDataVersionsResponse']['versions'];

/** The raw-data read operations the HTTP layer depends on. */
export interface RawDataApi {
  /** Each entry's latest version, by entry name. */
  latest(ref: EntityRef): Promise<LatestByName>;
  /** Every kept version of each entry, newest first, by entry name. */
  allVersions(ref: EntityRef): Promise<VersionsByName>;
  /** Every kept version of one entry, newest first. */
  versions(ref: EntityRef & { name: string }): Promise<Versions>;
  /** One version's content (the latest without versionId), streamed from the blob store. */
  content(
    ref: EntityRef & { name: string; versionId?: string },
  ): Promise<{ metadata: RawDataMetadata; body: Readable }>;
}

type StoredVersion = RawDataMetadata & { name: string; blobKey: string };

/**
 * Reads raw-data versions (metadata in Neo4j, content in the blob store) for the entities of one
 * account. An entity of another account reads as unknown. A soft-deleted entity's entries stay
 * readable, marked `deleted`.
 */
export class RawDataService implements RawDataApi {
  constructor(private readonly deps: { graph: Graph; blobs: BlobStore }) {}

  async latest(ref: EntityRef): Promise<LatestByName> {
    const byName = await this.allVersions(ref);
    return Object.fromEntries(
      Object.entries(byName).map(([name, versions]) => [name, versions[0]!]),
    );
  }

  async allVersions(ref: EntityRef): Promise<VersionsByName> {
    const byName: VersionsByName = {};
    for (const v of await this.list(ref, null)) (byName[v.name] ??= []).push(metadataOf(v));
    return byName;
  }

  async versions(ref: EntityRef & { name: string }): Promise<Versions> {
    const versions = await this.list(ref, ref.name);
    if (versions.length === 0) throw entryNotFound(ref.entityId, ref.name);
    return versions.map(metadataOf);
  }

  async content(
    ref: EntityRef & { name: string; versionId?: string },
  ): Promise<{ metadata: RawDataMetadata; body: Readable }> {
    // An entry keeps at most RAW_DATA_VERSIONS_KEPT versions, newest first: pick from them.
    const versions = await this.list(ref, ref.name);
    const version =
      ref.versionId === undefined
        ? versions[0]
        : versions.find((v) => v.versionId === ref.versionId);
    if (version === undefined) {
      throw ref.versionId === undefined
        ? entryNotFound(ref.entityId, ref.name)
        : new NotFoundError(
            `Raw data entry '${ref.name}' of entity '${ref.entityId}' has no version '${ref.versionId}'`,
            'RAW_DATA_NOT_FOUND',
          );
    }
    const body = await this.deps.blobs.stream(version.blobKey).catch((err: unknown) => {
      // The metadata says it exists: a missing blob is the store's fault, not the caller's.
      throw err instanceof NotFoundError
        ? new UnavailableError(`The content of raw data version '${version.versionId}' is missing`)
        : err;
    });
    return { metadata: metadataOf(version), body };
  }

  private async list(ref: EntityRef, name: string | null): Promise<StoredVersion[]> {
    const [row] = await this.deps.graph.read<{ found: boolean; versions: StoredVersion[] }>(
      'rawdata/list-versions',
      { accountId: ref.accountId, entityId: ref.entityId, name },
    );
    if (row?.found !== true) throw entityNotFound(ref.entityId);
    return row.versions;
  }
}

function entryNotFound(entityId: string, name: string): NotFoundError {
  return new NotFoundError(
    `Entity '${entityId}' has no raw data entry '${name}'`,
    'RAW_DATA_NOT_FOUND',
  );
}

function metadataOf(v: StoredVersion): RawDataMetadata {
  return {
    beginOn: v.beginOn,
    contentType: v.contentType,
    contentLength: v.contentLength,
    createdOn: v.createdOn,
    deleted: v.deleted,
    versionId: v.versionId,
  };
}
