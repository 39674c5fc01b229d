import fs from 'node:fs';
import { parse } from 'yaml';
import { openapiPath } from '../paths';

/** The bundled openapi.yaml (the contract, decision 0036), parsed: a fresh object on each call. */
export function loadContractDocument(file: string = openapiPath): Record<string, unknown> {
  return parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}
