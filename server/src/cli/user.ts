import { createIdentity, DuplicateIdentityError } from '../auth/identity/identities.js';
import { transaction } from '../db/transaction.js';
import { passwordPolicyViolation } from '../auth/identity/methods/password.js';
import { isEmail, normalizeEmail } from '../auth/identity/schema.js';
import { openMigratedDatabase, runOnce } from './runtime.js';
import { parseRoles } from './token.js';
import { promptHidden, readFirstLine } from './input.js';

export interface UserCreateOptions {
  email: string;
  firstName: string;
  lastName: string;
  role: string[];
  password?: string;
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
