import net from 'node:net';
import { LocalNeo4jError } from '../../src/graph/local-neo4j-port';

/** The Bolt port to start on: opts.port, or (portFallback) a free one when it is taken. */
export async function choosePort(opts: {
  port: number;
  portFallback?: boolean;
  log: (line: string) => void;
}): Promise<number> {
  if (opts.port === 0 || (await portFree(opts.port))) return opts.port;
  if (opts.portFallback === true) {
    opts.log(
      `Port ${opts.port} is taken; the local Neo4j takes a free port instead (set NEO4J_LOCAL_PORT to choose one).`,
    );
    return 0;
  }
  throw portTaken(opts.port);
}

export function portTaken(port: number): LocalNeo4jError {
  return new LocalNeo4jError(
    `Port ${port} for the local Neo4j is taken by another process: set NEO4J_LOCAL_PORT to a free port (0 picks one), or stop that process.`,
  );
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

export function boltListening(uri: string): Promise<boolean> {
  const { hostname, port } = new URL(uri.replace(/^bolt:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
