/**
 * A server-sent events client for tests, over Node's fetch: it reads the stream as it arrives
 * and parses it per the WHATWG event-stream format (fields `event`, `id`, `data`; comment lines
 * start with `:`). Written here, not taken from a library, so that the test sees the bytes the
 * server wrote.
 */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface SseResult {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  comments: string[];
  /** Whether the server ended the response (false when `stopWhen` stopped reading). */
  ended: boolean;
}

export async function readSse(
  url: string,
  headers: Record<string, string>,
  options: {
    /** Stop reading (and abort the request) once this holds for the events so far. */
    stopWhen?: (events: SseEvent[]) => boolean;
    /** Called with each event as it arrives. */
    onEvent?: (event: SseEvent) => void;
    timeoutMs?: number;
  } = {},
): Promise<SseResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 60_000);
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    const result: SseResult = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      events: [],
      comments: [],
      ended: false,
    };
    if (res.body === null) return { ...result, ended: true };
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        result.ended = true;
        return result;
      }
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block, result.comments);
        if (event === undefined) continue;
        result.events.push(event);
        options.onEvent?.(event);
      }
      if (options.stopWhen?.(result.events) === true) {
        abort.abort();
        return result;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

function parseBlock(block: string, comments: string[]): SseEvent | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { event, id, data: data.join('\n') };
}
