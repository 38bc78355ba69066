import { readFileSync } from 'node:fs';
import { DockerfileParser, type Dockerfile } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';

/**
 * Docker cannot run here: the Dockerfile is checked by dockerfile-utils' validator (the one editors
 * use) and by rules of ours on its parsed instructions.
 */

const text = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
const dockerignore = readFileSync(new URL('../../.dockerignore', import.meta.url), 'utf8').split('\n');
const dockerfile: Dockerfile = DockerfileParser.parse(text);

function keywords(): string[] {
  return dockerfile.getInstructions().map((instruction) => instruction.getKeyword());
}

/** The image a FROM names, with a `${ARG}` replaced by the ARG's default value. */
function resolvedImage(image: string): string {
  const variable = /^\$\{?(\w+)\}?$/.exec(image)?.[1];
  if (!variable) return image;
  return new RegExp(`^ARG ${variable}=(\\S+)$`, 'm').exec(text)?.[1] ?? image;
}

/** Instructions of the last stage (what the image is). */
function finalStage() {
  const instructions = dockerfile.getInstructions();
  const lastFrom = instructions.map((instruction) => instruction.getKeyword()).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

describe('the Dockerfile', () => {
  it('has no problem dockerfile-utils reports', () => {
    expect(validate(text).map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.message}`)).toEqual([]);
  });

  it('builds in stages from a base image pinned to an exact version', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) {
      const image = resolvedImage(from.getImage() ?? '');
      expect(image, `FROM ${image}`).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?$/);
    }
    expect(froms.map((from) => from.getBuildStage())).toEqual(['build', 'runtime']);
  });

  it('runs as a numeric non-root user in the final stage', () => {
    const users = finalStage().filter((instruction) => instruction.getKeyword() === 'USER');
    const user = users.at(-1)?.getArgumentsContent() ?? '';
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(user.split(':')[0]).not.toBe('0');
  });

  it('adds nothing from URLs and has a HEALTHCHECK on /api/health', () => {
    for (const instruction of dockerfile.getInstructions().filter((candidate) => candidate.getKeyword() === 'ADD')) {
      expect(instruction.getArgumentsContent()).not.toMatch(/https?:\/\//);
    }
    expect(keywords()).not.toContain('ADD');
    const healthchecks = dockerfile.getHEALTHCHECKs();
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]?.getArgumentsContent()).toContain('/api/health');
  });

  it('copies into the image only built output, production dependencies, migrations and served documents', () => {
    const copied = finalStage()
      .filter((instruction) => instruction.getKeyword() === 'COPY')
      .map((instruction) => instruction.getArguments().map((argument) => argument.getValue()).filter((value) => !value.startsWith('--')).slice(0, -1))
      .flat();
    expect(copied).toEqual(
      expect.arrayContaining(['/app/node_modules', '/app/server/dist', '/app/web/dist', '/app/core/dist', '/app/server/src/db/migrations', 'README.md', 'docs/data-service.md']),
    );
    expect(copied.filter((source) => /\/src(\/|$)/.test(source) && !source.endsWith('/src/db/migrations'))).toEqual([]);
    expect(text).toMatch(/npm prune --omit=dev/);
  });

  it('starts pharos serve and leaves out of the build context what the build makes itself', () => {
    expect(dockerfile.getInstructions().find((instruction) => instruction.getKeyword() === 'ENTRYPOINT')?.getArgumentsContent()).toBe('["node", "server/dist/cli/main.js"]');
    expect(dockerfile.getInstructions().find((instruction) => instruction.getKeyword() === 'CMD')?.getArgumentsContent()).toBe('["serve"]');
    expect(dockerignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.pharos']));
  });
});
