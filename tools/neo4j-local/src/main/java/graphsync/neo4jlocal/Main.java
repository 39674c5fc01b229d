package graphsync.neo4jlocal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilderImplementation;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Starts a real Neo4j 5.26 community DBMS (embedded) with Bolt on a loopback port.
 *
 * Arguments: --home DIR (data directory), --port N (Bolt port; 0 picks a free one),
 * --pagecache SIZE (e.g. 256m), --exit-on-stdin-eof (stop when the parent process goes away).
 *
 * Prints exactly one line "NEO4J_READY bolt://127.0.0.1:PORT" on stdout once the default database
 * answers a query. Stops cleanly on SIGTERM/SIGINT (shutdown hook) and, with --exit-on-stdin-eof,
 * when its standard input closes, so a parent killed with SIGKILL never leaves an orphan holding
 * the store lock.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = parse(args);
        Path home = Path.of(opts.getOrDefault("home", ".data/neo4j")).toAbsolutePath();
        int port = Integer.parseInt(opts.getOrDefault("port", "7687"));
        String pagecache = opts.getOrDefault("pagecache", "256m");

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilderImplementation(home)
                .setConfigRaw(Map.of(
                        "server.bolt.enabled", "true",
                        "server.bolt.listen_address", "127.0.0.1:" + port,
                        "server.bolt.advertised_address", "127.0.0.1:" + port,
                        "server.bolt.tls_level", "DISABLED",
                        "dbms.security.auth_enabled", "false",
                        "server.memory.pagecache.size", pagecache,
                        "db.tx_log.rotation.retention_policy", "2 files",
                        "dbms.usage_report.enabled", "false"))
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            dbms.shutdown();
            stopped.countDown();
        }, "neo4j-local-shutdown"));

        GraphDatabaseService db = dbms.database("neo4j");
        db.executeTransactionally("RETURN 1");
        int boltPort = boltPort(db, port);
        System.out.println("NEO4J_READY bolt://127.0.0.1:" + boltPort);
        System.out.flush();

        if (opts.containsKey("exit-on-stdin-eof")) {
            watchStdin();
        }
        stopped.await();
    }

    private static int boltPort(GraphDatabaseService db, int configured) {
        ConnectorPortRegister ports = ((GraphDatabaseAPI) db).getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class);
        var address = ports.getLocalAddress(ConnectorType.BOLT);
        return address == null ? configured : address.getPort();
    }

    /** Exits (running the shutdown hook) when stdin reaches EOF, i.e. the parent is gone. */
    private static void watchStdin() {
        Thread t = new Thread(() -> {
            InputStream in = System.in;
            byte[] buf = new byte[256];
            try {
                while (in.read(buf) >= 0) {
                    // ignore input; we only care about EOF
                }
            } catch (IOException ignored) {
                // treat a broken pipe like EOF
            }
            System.exit(0);
        }, "neo4j-local-stdin-watch");
        t.setDaemon(true);
        t.start();
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument: " + a);
            }
            String name = a.substring(2);
            if (name.equals("exit-on-stdin-eof")) {
                out.put(name, "true");
            } else if (i + 1 < args.length) {
                out.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException("missing value for " + a);
            }
        }
        return out;
    }
}
