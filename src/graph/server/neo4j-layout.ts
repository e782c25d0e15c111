import * as path from 'node:path';
import type { Neo4jServerOptions } from './neo4j-server-options';
import { browserPostConnectCommand } from './browser-style';

/** Where everything of one launcher-managed Neo4j lives under its home. */
export interface Neo4jLayout {
  home: string;
  lib: string;
  plugins: string;
  conf: string;
  confFile: string;
  userLogsConfig: string;
  data: string;
  logs: string;
  logFile: string;
  run: string;
  pidFile: string;
  startLock: string;
  importDir: string;
}

export function neo4jLayout(home: string): Neo4jLayout {
  const dir = (name: string): string => path.join(home, name);
  return {
    home,
    lib: dir('lib'),
    plugins: dir('plugins'),
    conf: dir('conf'),
    confFile: path.join(dir('conf'), 'neo4j.conf'),
    userLogsConfig: path.join(dir('conf'), 'user-logs.xml'),
    data: dir('data'),
    logs: dir('logs'),
    logFile: path.join(dir('logs'), 'neo4j.log'),
    run: dir('run'),
    pidFile: path.join(dir('run'), 'neo4j.pid'),
    startLock: path.join(dir('run'), 'start.lock'),
    importDir: dir('import'),
  };
}

export const COMMUNITY_ENTRY_POINT = 'org.neo4j.server.CommunityEntryPoint';
export const ADMIN_ENTRY_POINT = 'org.neo4j.server.startup.Neo4jAdminCommand';

/**
 * The JVM flags of Neo4j 5.26's distribution neo4j.conf (`server.jvm.additional`) plus the ones its bootloader adds
 * (`-Dfile.encoding=UTF-8`), and the extra opens GDS needs on Java 17. -XX:+AlwaysPreTouch is left out on purpose:
 * on a dev machine it only slows the start and commits the whole heap up front.
 */
export const NEO4J_JVM_FLAGS: readonly string[] = [
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
  '-XX:+UnlockExperimentalVMOptions',
  '-XX:+TrustFinalNonStaticFields',
  '-XX:+DisableExplicitGC',
  '-Djdk.nio.maxCachedBufferSize=1024',
  '-Dio.netty.tryReflectionSetAccessible=true',
  '-Djdk.tls.ephemeralDHKeySize=2048',
  '-Djdk.tls.rejectClientInitiatedRenegotiation=true',
  '-XX:FlightRecorderOptions=stackdepth=256',
  '-XX:+UnlockDiagnosticVMOptions',
  '-XX:+DebugNonSafepoints',
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens=java.base/java.lang=ALL-UNNAMED',
  '--add-opens=java.base/java.util=ALL-UNNAMED',
  '--add-opens=java.base/java.util.concurrent=ALL-UNNAMED',
  '--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED',
  '--enable-native-access=ALL-UNNAMED',
  '-Dlog4j2.disable.jmx=true',
  '-Dlog4j.layout.jsonTemplate.maxStringLength=32768',
  '-Dfile.encoding=UTF-8',
];

/** neo4j.conf for a loopback-only development server; rewritten on every start so option changes apply. */
/**
 * Neo4j Browser applies Folio's style and opens its guide on connect (browser-style.ts), and may fetch the guide
 * from Folio's host.
 */
export function browserSettings(folioUrl: string): string[] {
  const hosts = new Set(['guides.neo4j.com', 'localhost', '127.0.0.1', new URL(folioUrl).hostname]);
  return [
    `browser.remote_content_hostname_whitelist=${[...hosts].join(',')}`,
    `browser.post_connect_cmd=${browserPostConnectCommand(folioUrl)}`,
  ];
}

export function renderNeo4jConf(opts: Neo4jServerOptions, layout: Neo4jLayout): string {
  const lines = [
    '# Written by Folio (`folio neo4j start`) on every start: edit NEO4J_* variables, not this file.',
    `server.directories.lib=${layout.lib}`,
    `server.directories.plugins=${layout.plugins}`,
    `server.directories.data=${layout.data}`,
    `server.directories.logs=${layout.logs}`,
    `server.directories.run=${layout.run}`,
    `server.directories.import=${layout.importDir}`,
    `server.logs.user.config=${layout.userLogsConfig}`,
    '',
    'server.default_listen_address=127.0.0.1',
    'server.default_advertised_address=127.0.0.1',
    'server.bolt.enabled=true',
    `server.bolt.listen_address=127.0.0.1:${opts.boltPort}`,
    `server.bolt.advertised_address=127.0.0.1:${opts.boltPort}`,
    'server.http.enabled=true',
    `server.http.listen_address=127.0.0.1:${opts.httpPort}`,
    `server.http.advertised_address=127.0.0.1:${opts.httpPort}`,
    'server.https.enabled=false',
    '',
    `server.memory.heap.initial_size=${opts.heap}`,
    `server.memory.heap.max_size=${opts.heap}`,
    `server.memory.pagecache.size=${opts.pageCache}`,
    '',
    'dbms.security.auth_enabled=true',
    'dbms.usage_report.enabled=false',
    'db.tx_log.rotation.retention_policy=1 days',
  ];
  // No GDS task registry: Folio never lists GDS progress, and every call also passes logProgress: false, so
  // projections and algorithms write no progress lines into neo4j.log.
  if (opts.withGds)
    lines.push('', 'dbms.security.procedures.unrestricted=gds.*', 'gds.progress_tracking_enabled=false');
  if (opts.folioUrl) lines.push('', ...browserSettings(opts.folioUrl));
  lines.push('', ...NEO4J_JVM_FLAGS.map((flag) => `server.jvm.additional=${flag}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Neo4j's default user log writes logs/neo4j.log itself *and* to stdout; the launcher already sends stdout there,
 * so the server logs to the console only and the file has one writer.
 */
export const USER_LOGS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by Folio's Neo4j launcher: console only, the launcher redirects stdout to logs/neo4j.log -->
<Configuration>
    <Appenders>
        <Console name="ConsoleAppender" target="SYSTEM_OUT">
            <PatternLayout pattern="%d{yyyy-MM-dd HH:mm:ss.SSSZ}{GMT+0} %-5p %m%n"/>
        </Console>
    </Appenders>
    <Loggers>
        <Root level="info">
            <AppenderRef ref="ConsoleAppender"/>
        </Root>
    </Loggers>
</Configuration>
`;

/** `java` arguments that start the server the way Neo4j's own bootloader does, in the foreground. */
export function serverJavaArgs(opts: Neo4jServerOptions, layout: Neo4jLayout): string[] {
  return [
    `-Xms${opts.heap}`,
    `-Xmx${opts.heap}`,
    ...NEO4J_JVM_FLAGS,
    '-cp',
    `${path.join(layout.lib, '*')}:${path.join(layout.plugins, '*')}:${layout.conf}`,
    COMMUNITY_ENTRY_POINT,
    `--home-dir=${layout.home}`,
    `--config-dir=${layout.conf}`,
    '--console-mode',
  ];
}

/** `java` arguments of `neo4j-admin dbms set-initial-password`; run with NEO4J_HOME and NEO4J_CONF set. */
export function setInitialPasswordJavaArgs(password: string, layout: Neo4jLayout): string[] {
  return ['-cp', path.join(layout.lib, '*'), ADMIN_ENTRY_POINT, 'dbms', 'set-initial-password', password];
}
