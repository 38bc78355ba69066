/**
 * The parts of TDS 7.4 (MS-TDS) the SQL Server stand-in writes and reads: packet framing, PRELOGIN,
 * LOGIN7 fields, and the tokens of a server's answers (ENVCHANGE, INFO/ERROR, LOGINACK, COLMETADATA,
 * ROW, DONE) for nvarchar, int, bigint, float, bit and datetime columns.
 */

export const PACKET = { SQL_BATCH: 0x01, RPC: 0x03, TABULAR_RESULT: 0x04, ATTENTION: 0x06, LOGIN7: 0x10, PRELOGIN: 0x12 } as const;
const HEADER_LENGTH = 8;
const STATUS_EOM = 0x01;
export const PACKET_SIZE = 4096;
export const TDS_7_4 = 0x74000004;

const TOKEN = { COLMETADATA: 0x81, ERROR: 0xaa, INFO: 0xab, LOGINACK: 0xad, ROW: 0xd1, ENVCHANGE: 0xe3, DONE: 0xfd } as const;
const TYPE = { INTN: 0x26, BITN: 0x68, FLTN: 0x6d, DATETIMN: 0x6f, NVARCHAR: 0xe7 } as const;
export const DONE = { FINAL: 0x00, ERROR: 0x02, COUNT: 0x10 } as const;
const CMD_SELECT = 0xc1;
/** SQL_Latin1_General_CP1_CI_AS: LCID 1033, case- and accent-insensitive flags, sort id 52. */
const COLLATION = Buffer.from([0x09, 0x04, 0xd0, 0x00, 0x34]);
/** Longest nvarchar(n) value in bytes; longer values go out as nvarchar(max) in chunks. */
const NVARCHAR_MAX_BYTES = 8000;
const PLP_NULL = Buffer.alloc(8, 0xff);
const MS_PER_DAY = 86_400_000;
const EPOCH_1900 = Date.UTC(1900, 0, 1);

export type ColumnType = 'nvarchar' | 'int' | 'bigint' | 'float' | 'bit' | 'datetime';
export type CellValue = string | number | bigint | boolean | Date | null;
export interface Column {
  name: string;
  type: ColumnType;
}

/** Reassembles messages from packets: each is complete when a packet carries end-of-message. */
export class PacketReader {
  private pending = Buffer.alloc(0);
  private parts: Buffer[] = [];

  push(chunk: Buffer): Array<{ type: number; payload: Buffer }> {
    this.pending = Buffer.concat([this.pending, chunk]);
    const messages: Array<{ type: number; payload: Buffer }> = [];
    while (this.pending.length >= HEADER_LENGTH && this.pending.length >= this.pending.readUInt16BE(2)) {
      const length = this.pending.readUInt16BE(2);
      const type = this.pending.readUInt8(0);
      const status = this.pending.readUInt8(1);
      this.parts.push(this.pending.subarray(HEADER_LENGTH, length));
      this.pending = this.pending.subarray(length);
      if (status & STATUS_EOM) {
        messages.push({ type, payload: Buffer.concat(this.parts) });
        this.parts = [];
      }
    }
    return messages;
  }
}

/** A message in packets of at most PACKET_SIZE bytes, the last one marked end-of-message. */
export function packets(type: number, payload: Buffer, spid: number): Buffer {
  const room = PACKET_SIZE - HEADER_LENGTH;
  const out: Buffer[] = [];
  let id = 1;
  for (let offset = 0; offset === 0 || offset < payload.length; offset += room) {
    const body = payload.subarray(offset, offset + room);
    const header = Buffer.alloc(HEADER_LENGTH);
    header.writeUInt8(type, 0);
    header.writeUInt8(offset + room >= payload.length ? STATUS_EOM : 0, 1);
    header.writeUInt16BE(HEADER_LENGTH + body.length, 2);
    header.writeUInt16BE(spid, 4);
    header.writeUInt8(id++ % 256, 6);
    out.push(header, body);
  }
  return Buffer.concat(out);
}

/** The server's PRELOGIN answer: its version, encryption not supported, no instance, MARS off. */
export function preloginResponse(): Buffer {
  const options: Array<[number, Buffer]> = [
    [0x00, Buffer.from([16, 0, 0x10, 0x00, 0, 0])], // VERSION 16.0.4096
    [0x01, Buffer.from([0x02])], // ENCRYPTION: ENCRYPT_NOT_SUP
    [0x02, Buffer.from([0x00])], // INSTOPT
    [0x03, Buffer.alloc(0)], // THREADID
    [0x04, Buffer.from([0x00])], // MARS off
  ];
  const head = Buffer.alloc(options.length * 5 + 1);
  let dataOffset = head.length;
  options.forEach(([token, data], index) => {
    head.writeUInt8(token, index * 5);
    head.writeUInt16BE(dataOffset, index * 5 + 1);
    head.writeUInt16BE(data.length, index * 5 + 3);
    dataOffset += data.length;
  });
  head.writeUInt8(0xff, options.length * 5);
  return Buffer.concat([head, ...options.map(([, data]) => data)]);
}

export interface Login7 {
  tdsVersion: number;
  userName: string;
  password: string;
  database: string;
}

/** The fields of a LOGIN7 message the stand-in checks; the password is unscrambled (nibbles swapped, XOR 0xA5). */
export function readLogin7(payload: Buffer): Login7 {
  const field = (at: number): Buffer => {
    const offset = payload.readUInt16LE(at);
    return payload.subarray(offset, offset + payload.readUInt16LE(at + 2) * 2);
  };
  const scrambled = Buffer.from(field(44));
  for (let index = 0; index < scrambled.length; index += 1) {
    const byte = scrambled[index]! ^ 0xa5;
    scrambled[index] = ((byte & 0x0f) << 4) | (byte >> 4);
  }
  return {
    tdsVersion: payload.readUInt32LE(4),
    userName: field(40).toString('utf16le'),
    password: scrambled.toString('utf16le'),
    database: field(68).toString('utf16le'),
  };
}

/** The text of a SQL_BATCH message, after its ALL_HEADERS block. */
export function readSqlBatch(payload: Buffer): string {
  return payload.subarray(payload.readUInt32LE(0)).toString('utf16le');
}

const bVarChar = (text: string): Buffer => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'utf16le')]);
function usVarChar(text: string): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16LE(text.length);
  return Buffer.concat([length, Buffer.from(text, 'utf16le')]);
}

function withLength(token: number, body: Buffer): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt8(token, 0);
  head.writeUInt16LE(body.length, 1);
  return Buffer.concat([head, body]);
}

/** ENVCHANGE of a text value: 1 database, 2 language, 4 packet size. */
export function envChange(type: 1 | 2 | 4, value: string, old: string): Buffer {
  return withLength(TOKEN.ENVCHANGE, Buffer.concat([Buffer.from([type]), bVarChar(value), bVarChar(old)]));
}

/** ENVCHANGE 7: the database's collation. */
export function collationChange(): Buffer {
  return withLength(TOKEN.ENVCHANGE, Buffer.concat([Buffer.from([7, COLLATION.length]), COLLATION, Buffer.from([0])]));
}

/** INFO or ERROR: number, state, class (severity), text, server, procedure, line. */
export function message(kind: 'info' | 'error', number: number, severity: number, text: string, server: string): Buffer {
  const fixed = Buffer.alloc(6);
  fixed.writeInt32LE(number, 0);
  fixed.writeUInt8(1, 4);
  fixed.writeUInt8(severity, 5);
  const line = Buffer.alloc(4);
  line.writeInt32LE(1);
  return withLength(kind === 'info' ? TOKEN.INFO : TOKEN.ERROR, Buffer.concat([fixed, usVarChar(text), bVarChar(server), bVarChar(''), line]));
}

/** LOGINACK for T-SQL at TDS 7.4 from "Microsoft SQL Server" 16.0. */
export function loginAck(): Buffer {
  const version = Buffer.alloc(5);
  version.writeUInt8(1, 0);
  version.writeUInt32BE(TDS_7_4, 1);
  return withLength(TOKEN.LOGINACK, Buffer.concat([version, bVarChar('Microsoft SQL Server'), Buffer.from([16, 0, 0x10, 0x00])]));
}

export function done(status: number, rowCount = 0): Buffer {
  const token = Buffer.alloc(13);
  token.writeUInt8(TOKEN.DONE, 0);
  token.writeUInt16LE(status, 1);
  token.writeUInt16LE(CMD_SELECT, 3);
  token.writeBigUInt64LE(BigInt(rowCount), 5);
  return token;
}

const byteLength = (value: CellValue): number => (typeof value === 'string' ? Buffer.byteLength(value, 'utf16le') : 0);

/** Which columns must go out as nvarchar(max) because a value is longer than nvarchar(4000) holds. */
export function longColumns(columns: readonly Column[], rows: readonly CellValue[][]): boolean[] {
  return columns.map((column, index) => column.type === 'nvarchar' && rows.some((row) => byteLength(row[index] ?? null) > NVARCHAR_MAX_BYTES));
}

function typeInfo(column: Column, long: boolean): Buffer {
  switch (column.type) {
    case 'int':
      return Buffer.from([TYPE.INTN, 4]);
    case 'bigint':
      return Buffer.from([TYPE.INTN, 8]);
    case 'float':
      return Buffer.from([TYPE.FLTN, 8]);
    case 'bit':
      return Buffer.from([TYPE.BITN, 1]);
    case 'datetime':
      return Buffer.from([TYPE.DATETIMN, 8]);
    case 'nvarchar': {
      const head = Buffer.alloc(3);
      head.writeUInt8(TYPE.NVARCHAR, 0);
      head.writeUInt16LE(long ? 0xffff : NVARCHAR_MAX_BYTES, 1);
      return Buffer.concat([head, COLLATION]);
    }
  }
}

export function colMetadata(columns: readonly Column[], long: readonly boolean[]): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt8(TOKEN.COLMETADATA, 0);
  head.writeUInt16LE(columns.length, 1);
  const described = columns.map((column, index) => {
    const userTypeAndFlags = Buffer.alloc(6);
    userTypeAndFlags.writeUInt16LE(0x0001, 4); // nullable
    return Buffer.concat([userTypeAndFlags, typeInfo(column, long[index] ?? false), bVarChar(column.name)]);
  });
  return Buffer.concat([head, ...described]);
}

function fixed(length: number, write: (buffer: Buffer) => void): Buffer {
  const buffer = Buffer.alloc(1 + length);
  buffer.writeUInt8(length, 0);
  write(buffer.subarray(1));
  return buffer;
}

/** SQL Server's datetime: days since 1900-01-01 and three-hundredths of a second since midnight (UTC). */
function datetime(date: Date): Buffer {
  const sinceEpoch = date.getTime() - EPOCH_1900;
  const days = Math.floor(sinceEpoch / MS_PER_DAY);
  const ticks = Math.round(((sinceEpoch - days * MS_PER_DAY) * 3) / 10);
  return fixed(8, (buffer) => {
    buffer.writeInt32LE(days, 0);
    buffer.writeUInt32LE(ticks, 4);
  });
}

function nvarchar(value: string | null, long: boolean): Buffer {
  if (!long) {
    if (value === null) return Buffer.from([0xff, 0xff]);
    const bytes = Buffer.from(value, 'utf16le');
    const length = Buffer.alloc(2);
    length.writeUInt16LE(bytes.length);
    return Buffer.concat([length, bytes]);
  }
  if (value === null) return PLP_NULL;
  const bytes = Buffer.from(value, 'utf16le');
  const total = Buffer.alloc(8);
  total.writeBigUInt64LE(BigInt(bytes.length));
  const chunk = Buffer.alloc(4);
  chunk.writeUInt32LE(bytes.length);
  return Buffer.concat([total, ...(bytes.length > 0 ? [chunk, bytes] : []), Buffer.alloc(4)]);
}

function cell(column: Column, value: CellValue, long: boolean): Buffer {
  if (column.type === 'nvarchar') return nvarchar(value === null ? null : String(value), long);
  if (value === null) return Buffer.from([0]);
  switch (column.type) {
    case 'int':
      return fixed(4, (buffer) => buffer.writeInt32LE(Number(value)));
    case 'bigint':
      return fixed(8, (buffer) => buffer.writeBigInt64LE(BigInt(value as string | number | bigint)));
    case 'float':
      return fixed(8, (buffer) => buffer.writeDoubleLE(Number(value)));
    case 'bit':
      return fixed(1, (buffer) => buffer.writeUInt8(value ? 1 : 0));
    case 'datetime':
      return datetime(value instanceof Date ? value : new Date(String(value)));
  }
}

export function row(columns: readonly Column[], values: readonly CellValue[], long: readonly boolean[]): Buffer {
  return Buffer.concat([Buffer.from([TOKEN.ROW]), ...columns.map((column, index) => cell(column, values[index] ?? null, long[index] ?? false))]);
}
