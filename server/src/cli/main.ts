import { Command, InvalidArgumentError, Option } from 'commander';
import { VERSION } from '../version.js';
// Loaded when their command runs: apply pulls in every spec's validation, which `serve` should not wait for.
import type { FileOptions, GetOptions } from './apply-commands.js';
import { evalCommand, type EvalOptions } from './eval.js';
import { migrateCommand } from './migrate-command.js';
import { secretDelete, secretList, secretSet, SECRET_HELP, type SecretOptions, type SecretSetOptions } from './secret.js';
import { seedCommand } from './seed.js';
import { serve } from './serve.js';
import { tokenCreate, type TokenCreateOptions } from './token.js';
import type { UserCreateOptions } from './user.js';

function positiveInt(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive integer');
  return parsed;
}

function buildProgram(): Command {
  const program = new Command('pharos')
    .description('Pharos, a self-hosted operations console')
    .version(VERSION);

  program
    .command('serve')
    .description('open the database, apply migrations and serve the web app and API')
    .action(serve);

  program
    .command('agent')
    .description('serve as `pharos serve` does, and run the specs an upstream Pharos assigns to this agent, pushing results there')
    .option('--upstream <url>', 'address of the upstream Pharos (or PHAROS_UPSTREAM_URL)')
    .option('--token <token>', 'the agent\'s access token from /settings/agents (or PHAROS_UPSTREAM_TOKEN; the variable keeps it out of the process list)')
    .action((options: { upstream?: string; token?: string }) => {
      if (options.upstream) process.env['PHAROS_UPSTREAM_URL'] = options.upstream;
      if (options.token) process.env['PHAROS_UPSTREAM_TOKEN'] = options.token;
      if (!process.env['PHAROS_UPSTREAM_URL']) throw new InvalidArgumentError('--upstream (or PHAROS_UPSTREAM_URL) is required');
      return serve();
    });

  program.command('migrate').description('apply pending database migrations').action(migrateCommand);

  const token = program.command('token').description('manage API access tokens');
  token
    .command('create')
    .description('create an access token (and the person, if new); prints the token as the last line')
    .requiredOption('--email <email>', 'email of the person the token acts for')
    .addOption(
      new Option('--role <role...>', 'role(s) to grant: admin, editor, viewer, commander, responder (repeatable or comma list)')
        .makeOptionMandatory(),
    )
    .option('--name <name>', 'name of the person if created (default: the email local part)')
    .action((options: TokenCreateOptions) => tokenCreate(options));

  const user = program.command('user').description('manage people who sign in');
  user
    .command('create')
    .description('create a person who signs in with email and password; prints the identity id as the last line')
    .requiredOption('--email <email>', 'email, used to sign in')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .addOption(
      new Option('--role <role...>', 'role(s) to grant: admin, editor, viewer, commander, responder (repeatable or comma list)')
        .makeOptionMandatory(),
    )
    .option('--password <password>', 'the password (visible to other local users: prefer standard input or the prompt)')
    .action(async (options: UserCreateOptions) => (await import('./user.js')).userCreate(options));

  program
    .command('seed')
    .description('insert demo data (--demo, idempotent) and/or bulk rows for benchmarks (--scale N)')
    .option('--demo', 'small realistic data set: people, roles, teams …')
    .option('--scale <n>', 'insert N incidents (and a few people) for benchmarks', positiveInt)
    .action((options: { demo?: boolean; scale?: number }) => seedCommand(options));

  program
    .command('eval')
    .description('evaluate a CEL expression or render a template, as checks and playbooks would; errors give their position')
    .option('--cel <expression>', 'a CEL expression (test, filter, if, expr …)')
    .option('--template <text>', 'a template in Go text/template syntax (display.template, body …)')
    .option('--data <file>', 'JSON or YAML file whose mapping gives the variables')
    .action((options: EvalOptions) => evalCommand(options));

  const filename = () =>
    new Option('-f, --filename <path...>', 'a YAML or JSON file, a directory of them, or - for standard input (repeatable)').makeOptionMandatory();
  program
    .command('apply')
    .description('create or update the resources of YAML or JSON files (Canary, Topology, ScrapeConfig, Playbook, …): all of them or, on any problem, none')
    .addOption(filename())
    .action(async (options: FileOptions) => (await import('./apply-commands.js')).applyCommand(options));
  program
    .command('delete')
    .description('delete the resources the documents of the files name')
    .addOption(filename())
    .action(async (options: FileOptions) => (await import('./apply-commands.js')).deleteCommand(options));
  program
    .command('get')
    .description('print resources of a kind (or the one named) in the shape apply takes')
    .argument('<kind>', 'Canary, Topology, ScrapeConfig, Playbook, Notification, Connection, IncidentRule, LoggingBackend or Team')
    .argument('[name]', 'the resource to print; all of the kind when absent')
    .option('-n, --namespace <namespace>', 'only this namespace (default: every namespace)')
    .option('-o, --output <format>', 'yaml or json', 'yaml')
    .action(async (kind: string, name: string | undefined, options: GetOptions) => (await import('./apply-commands.js')).getCommand(kind, name, options));

  const secret = program.command('secret').description('manage the secrets and config maps connections refer to').addHelpText('after', SECRET_HELP);
  const namespace = () => new Option('-n, --namespace <namespace>', 'namespace').default('default');
  const configMap = () => new Option('--config-map', 'a config map (configmap://) instead of a secret');
  secret
    .command('set')
    .description('store a value (from --value, a hidden prompt, or standard input)')
    .argument('<name>')
    .argument('<key>')
    .addOption(namespace())
    .addOption(configMap())
    .option('--value <value>', 'the value (visible to other local users: prefer standard input or the prompt)')
    .option('--allow-namespace <namespaces>', "comma list of other namespaces whose resources may read it ('*': every one; '': none again); left out, kept as it was")
    .action((name: string, key: string, options: SecretSetOptions) => secretSet(name, key, options));
  secret.command('list').description('list stored names and keys (never values)').action(secretList);
  secret
    .command('delete')
    .description('delete a key, or every key of a name')
    .argument('<name>')
    .argument('[key]')
    .addOption(namespace())
    .addOption(configMap())
    .action((name: string, key: string | undefined, options: SecretOptions) => secretDelete(name, key, options));

  return program;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.stderr.write(`pharos: ${firstLine(error)}\n`);
    process.exit(1);
  });
