import { describe, expect, it } from 'vitest';
import { mysqlUrlOf } from './clients.js';

describe('mysqlUrlOf', () => {
  it('reads Go\'s DSN, as canary-checker\'s mysql examples write it, with or without mysql://', () => {
    expect(mysqlUrlOf('mysql://$(username):$(password)@tcp(db.example:3306)/mysqldb').href).toBe('mysql://%24(username):%24(password)@db.example:3306/mysqldb');
    expect(mysqlUrlOf('admin:p@ss@tcp(127.0.0.1:3307)/inventory?parseTime=true')).toMatchObject({ hostname: '127.0.0.1', port: '3307', pathname: '/inventory', username: 'admin', password: 'p%40ss' });
  });

  it('keeps a URL as it is', () => {
    expect(mysqlUrlOf('mariadb://reader:secret@db:3306/app')).toMatchObject({ protocol: 'mysql:', username: 'reader', password: 'secret', host: 'db:3306', pathname: '/app' });
  });
});
