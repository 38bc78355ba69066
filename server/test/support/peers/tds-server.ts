import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import {
  colMetadata,
  collationChange,
  done,
  DONE,
  envChange,
  loginAck,
  longColumns,
  message,
  PACKET,
  PACKET_SIZE,
  packets,
  PacketReader,
  preloginResponse,
  readLogin7,
  readSqlBatch,
  row,
  TDS_7_4,
  type CellValue,
  type Column,
  type ColumnType,
} from './tds-encoding.js';

/**
 * No SQL Server can run here (Microsoft ships no Debian package, and there is no Docker), so SQL
 * Server scrapes and connection tests meet this stand-in instead: a server of TDS 7.4, SQL Server's
 * wire protocol, on a loopback port, that the real `tedious` client connects to. It answers PRELOGIN
 * (encryption not supported, so no TLS), checks LOGIN7's SQL login (one user, its password and the
 * database name) and answers LOGINACK with ENVCHANGE (database, language, packet size, collation)
 * and DONE, or ERROR 18456 "Login failed for user '…'." / 4060 for another database. SQL batches
 * run on a PostgreSQL database of the tests, and their rows come back as COLMETADATA, ROW and DONE
 * tokens typed nvarchar, int, bigint, float, bit or datetime; a PostgreSQL error comes back as an
 * ERROR token. What it does not cover: TLS, RPC requests (parameterised queries), T-SQL itself (the
 * text is PostgreSQL's SQL), transactions, MARS, NTLM or Azure logins.
 */

export interface TdsStandIn {
  /** sqlserver://127.0.0.1:port?database=name (no credentials). */
  url: string;
  port: number;
  /** User names of the logins attempted, in order. */
  logins: string[];
  /** Text of the SQL batches received after login, in order. */
  batches: string[];
  close(): Promise<void>;
}

export interface TdsStandInOptions {
  username: string;
  password: string;
  /** The database name logins ask for. */
  database: string;
  /** The PostgreSQL database the batches run on. */
  postgresUrl: string;
}

const SPID = 53;
const SERVER_NAME = 'pharos-tds-stand-in';

/** PostgreSQL type oids and the SQL Server column type their values go out as; the rest are nvarchar. */
const TYPE_OF_OID: Readonly<Record<number, ColumnType>> = { 16: 'bit', 20: 'bigint', 21: 'int', 23: 'int', 700: 'float', 701: 'float', 1082: 'datetime', 1114: 'datetime', 1184: 'datetime' };

/** A value as PostgreSQL wrote it (text, session time zone UTC) as the column's type wants it. */
function cellOf(type: ColumnType, text: string | null): CellValue {
  if (text === null) return null;
  switch (type) {
    case 'bit':
      return text === 't';
    case 'int':
    case 'float':
      return Number(text);
    case 'bigint':
      return BigInt(text);
    case 'datetime':
      return new Date(/[+-]\d\d(:\d\d)?$/.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
    case 'nvarchar':
      return text;
  }
}

/** The answer to a SQL batch: each result set as COLMETADATA, ROWs and DONE, or an ERROR. */
async function answerBatch(client: pg.Client, sql: string): Promise<Buffer> {
  // tedious opens every connection with a batch of SET options, which PostgreSQL would refuse.
  if (sql.split('\n').every((line) => line.trim() === '' || /^set\s/i.test(line.trim()))) return done(DONE.FINAL);
  let results: pg.QueryArrayResult | pg.QueryArrayResult[];
  try {
    results = (await client.query({ text: sql, rowMode: 'array', types: { getTypeParser: () => (value: string) => value } })) as pg.QueryArrayResult | pg.QueryArrayResult[];
  } catch (error) {
    return Buffer.concat([message('error', 50000, 16, (error as Error).message, SERVER_NAME), done(DONE.ERROR)]);
  }
  const tokens: Buffer[] = [];
  const list = Array.isArray(results) ? results : [results];
  list.forEach((result, index) => {
    const more = index < list.length - 1 ? 0x01 : 0;
    if (result.fields.length === 0) {
      tokens.push(done(DONE.COUNT | more, result.rowCount ?? 0));
      return;
    }
    const columns: Column[] = result.fields.map((field) => ({ name: field.name, type: TYPE_OF_OID[field.dataTypeID] ?? 'nvarchar' }));
    const rows = result.rows.map((values) => columns.map((column, at) => cellOf(column.type, values[at] as string | null)));
    const long = longColumns(columns, rows);
    tokens.push(colMetadata(columns, long), ...rows.map((values) => row(columns, values, long)), done(DONE.COUNT | more, rows.length));
  });
  return Buffer.concat(tokens);
}

export async function startTdsStandIn(options: TdsStandInOptions): Promise<TdsStandIn> {
  const logins: string[] = [];
  const batches: string[] = [];

  function serve(socket: Socket): void {
    const reader = new PacketReader();
    let client: pg.Client | undefined;
    let queue = Promise.resolve();
    const send = (payload: Buffer): void => void socket.write(packets(PACKET.TABULAR_RESULT, payload, SPID));

    async function login(payload: Buffer): Promise<void> {
      const request = readLogin7(payload);
      logins.push(request.userName);
      const refused = (number: number, text: string) => send(Buffer.concat([message('error', number, 14, text, SERVER_NAME), done(DONE.ERROR)]));
      if (request.tdsVersion < TDS_7_4) return refused(4002, 'The stand-in speaks TDS 7.4 only.');
      if (request.userName !== options.username || request.password !== options.password) return refused(18456, `Login failed for user '${request.userName}'.`);
      const database = request.database || options.database;
      if (database !== options.database) return refused(4060, `Cannot open database "${database}" requested by the login. The login failed.`);
      client = new pg.Client({ connectionString: options.postgresUrl });
      client.on('error', () => undefined);
      await client.connect();
      await client.query("set time zone 'UTC'");
      send(
        Buffer.concat([
          envChange(1, database, 'master'),
          message('info', 5701, 0, `Changed database context to '${database}'.`, SERVER_NAME),
          envChange(2, 'us_english', ''),
          collationChange(),
          loginAck(),
          envChange(4, String(PACKET_SIZE), String(PACKET_SIZE)),
          done(DONE.FINAL),
        ]),
      );
    }

    async function handle(type: number, payload: Buffer): Promise<void> {
      if (type === PACKET.PRELOGIN) send(preloginResponse());
      else if (type === PACKET.LOGIN7) await login(payload);
      else if (type === PACKET.SQL_BATCH && client) {
        const sql = readSqlBatch(payload);
        batches.push(sql);
        send(await answerBatch(client, sql));
      } else if (type === PACKET.ATTENTION) send(done(0x20));
      else if (type === PACKET.RPC) send(Buffer.concat([message('error', 50000, 16, 'The stand-in answers SQL batches only, not RPC requests.', SERVER_NAME), done(DONE.ERROR)]));
      else socket.destroy();
    }

    socket.on('data', (chunk: Buffer) => {
      for (const { type, payload } of reader.push(chunk)) queue = queue.then(() => handle(type, payload)).catch(() => void socket.destroy());
    });
    socket.once('close', () => void client?.end().catch(() => undefined));
    socket.on('error', () => undefined);
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `sqlserver://127.0.0.1:${port}?database=${encodeURIComponent(options.database)}`,
    port,
    logins,
    batches,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
