import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { ConnectionTestFailure, failureOf, required, type ConnectionTester } from './types.js';

/** The path exists on the Pharos server, is a folder, and can be read. */
export const testFolder: ConnectionTester = (connection) =>
  failureOf(async () => {
    const folder = required(connection.properties['path'] || connection.url, 'path');
    const found = await stat(folder).catch(() => undefined);
    if (!found) throw new ConnectionTestFailure(`${folder} does not exist`);
    if (!found.isDirectory()) throw new ConnectionTestFailure(`${folder} is not a folder`);
    await access(folder, constants.R_OK | constants.X_OK).catch(() => {
      throw new ConnectionTestFailure(`${folder} cannot be read by the Pharos server`);
    });
  });
