import { parseDocuments, type DocumentProblem, type ParsedDocuments } from './documents.js';
import { validateDocuments, type ValidResource } from './validate.js';

/** One file (or request body) to apply; the path names it in problems and in the resources' source. */
export interface ApplyFile {
  path?: string;
  text: string;
}

export interface FileProblem extends DocumentProblem {
  file?: string;
}

export interface FileResource extends ValidResource {
  path?: string;
}

export type ReadFiles = { resources: FileResource[] } | { problems: FileProblem[] };

/** A file's documents, parsed. */
export interface ParsedFile {
  path?: string;
  parsed: ParsedDocuments;
}

const keyOf = (resource: ValidResource) => `${resource.kind.kind}/${resource.namespace}/${resource.name}`;

/** Parses and validates every file of a call; nothing is valid unless everything is. */
export function readFiles(files: readonly ApplyFile[]): ReadFiles {
  return validateFiles(files.map((file) => ({ ...(file.path === undefined ? {} : { path: file.path }), parsed: parseDocuments(file.text) })));
}

/** Validates every parsed file of a call; nothing is valid unless everything is. */
export function validateFiles(files: readonly ParsedFile[]): ReadFiles {
  const problems: FileProblem[] = [];
  const resources: FileResource[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const inFile = (problem: DocumentProblem): FileProblem => (file.path ? { file: file.path, ...problem } : problem);
    const { parsed } = file;
    if ('problems' in parsed) {
      problems.push(...parsed.problems.map(inFile));
      continue;
    }
    const validated = validateDocuments(parsed.documents);
    if ('problems' in validated) {
      problems.push(...validated.problems.map(inFile));
      continue;
    }
    for (const resource of validated.resources) {
      const where = `${file.path ?? 'the request'} document ${resource.index}`;
      const first = seen.get(keyOf(resource));
      if (first) {
        problems.push(inFile({ index: resource.index, line: resource.lineOf(['metadata', 'name']), path: '/metadata/name', reason: `${keyOf(resource)} is also in ${first}` }));
        continue;
      }
      seen.set(keyOf(resource), where);
      resources.push(file.path ? { ...resource, path: file.path } : resource);
    }
  }
  if (files.length > 0 && problems.length === 0 && resources.length === 0) problems.push({ index: 0, line: 1, path: '', reason: 'no resource to apply: the input is empty' });
  return problems.length > 0 ? { problems } : { resources };
}
