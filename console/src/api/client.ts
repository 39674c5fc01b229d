import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../../src/generated/openapi';

/** The API's typed client (openapi-fetch over the types generated from openapi.yaml). */
export type Api = Client<paths>;

export interface Credentials {
  accountId: string;
  apiKey: string;
}

/** An answer of the API that was not a success: its error envelope, as the API wrote it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A client of this origin's API that sends the account header and the key on every request. */
export function apiClient(credentials: Credentials): Api {
  const client = createClient<paths>({ baseUrl: window.location.origin });
  client.use({
    onRequest({ request }) {
      request.headers.set('JupiterOne-Account', credentials.accountId);
      request.headers.set('Authorization', `Bearer ${credentials.apiKey}`);
      return request;
    },
  });
  return client;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The body of a successful answer; otherwise an ApiError with the API's code and message. */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw toApiError(response.status, error);
}

export function toApiError(status: number, body: unknown): ApiError {
  const envelope = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof envelope?.code === 'string' ? envelope.code : `HTTP_${status}`;
  const message =
    typeof envelope?.message === 'string' ? envelope.message : `The API answered ${status}.`;
  return new ApiError(status, code, message);
}
