import { createIdentity, DuplicateIdentityError } from '../auth/identity/identities.js';
import { transaction } from '../db/transaction.js';
import { passwordPolicyViolation } from '../auth/identity/methods/password.js';
import { isEmail, normalizeEmail } from '../auth/identity/schema.js';
import { openMigratedDatabase, runOnce } from './runtime.js';
import { parseRoles } from './token.js';

export interface UserCreateOptions {
  email: string;
  firstName: string;
  lastName: string;
  role: string[];
  password?: string;
}

/** Reads a password typed at a terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Interrupted'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of standard input (for `echo "$PASSWORD" | pharos user create …`). */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptHidden('Password: ');
    const second = await promptHidden('Repeat the password: ');
    if (first !== second) throw new Error('The passwords do not match');
    return first;
  }
  return readFirstLine();
}

/** `pharos user create`: an identity that signs in with a password; prints its id as the last line. */
export async function userCreate(options: UserCreateOptions): Promise<void> {
  const roles = parseRoles(options.role);
  const email = normalizeEmail(options.email);
  if (!isEmail(email)) throw new Error(`"${options.email}" is not an email address`);
  const first = options.firstName.trim();
  const last = options.lastName.trim();
  if (first === '' || last === '') throw new Error('--first-name and --last-name must not be empty');
  const password = options.password ?? (await readPassword());
  const violation = passwordPolicyViolation(password, email);
  if (violation) throw new Error(violation.text);
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    let id: string;
    try {
      id = await transaction(database.pool, (client) =>
        createIdentity(client, { traits: { email, name: { first, last } }, password, roles, verified: true, adoptExistingPerson: true }),
      );
    } catch (error) {
      if (error instanceof DuplicateIdentityError) throw new Error(`An account for ${email} exists already`);
      throw error;
    }
    process.stdout.write(`${id}\n`);
  });
}
