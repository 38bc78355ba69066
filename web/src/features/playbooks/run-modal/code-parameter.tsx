import { isRecord, type CodeEditorSize } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { cn } from '../../../ui/cn';
import { CodeEditor } from '../../../ui/code-editor';
import { FieldMessage } from '../../../ui/field-message';
import { playbookKeys } from '../api';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, type ParameterFieldProps } from './field-props';
import { propertiesOf } from './parameter-rules';

const EDITOR_SIZES: readonly CodeEditorSize[] = ['very-small', 'small', 'medium', 'large', 'full'];

/** The JSON schema a code parameter's value is checked against (`jsonSchemaUrl`), if it loads. */
function useJsonSchema(url: string | undefined) {
  return useQuery({
    queryKey: [...playbookKeys.all, 'parameter-schema', url ?? ''],
    queryFn: async ({ signal }): Promise<object> => {
      const response = await fetch(url ?? '', { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${url ?? ''} answered ${response.status}`);
      const schema: unknown = await response.json();
      if (!isRecord(schema)) throw new Error(`${url ?? ''} is not a JSON schema`);
      return schema;
    },
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: false,
    meta: { errorToast: false },
  });
}

export interface CodeParameterProps extends ParameterFieldProps {
  /** Told the first problem of the text (syntax or schema), or undefined when there is none. */
  onProblem: (message: string | undefined) => void;
}

/**
 * A code parameter: the code editor in YAML or JSON (`language`) checked against `jsonSchemaUrl`;
 * code in another language (a script) is edited as plain text.
 */
export function CodeParameter({ parameter, value, onChange, onBlur, error, onProblem }: CodeParameterProps) {
  const properties = propertiesOf(parameter);
  const language = (properties.language ?? 'yaml').toLowerCase();
  const schema = useJsonSchema(language === 'json' || language === 'yaml' ? properties.jsonSchemaUrl : undefined);
  const size = EDITOR_SIZES.find((candidate) => candidate === properties.size) ?? 'small';
  if (language !== 'json' && language !== 'yaml') {
    return (
      <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={6}
            spellCheck={false}
            value={String(value)}
            data-language={language}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            className={cn(controlClass, 'py-2 font-mono')}
          />
        )}
      </FieldFrame>
    );
  }
  return (
    <div onBlur={onBlur}>
      <p className="mb-1 text-[0.8125rem] font-medium text-fg">
        {labelOf(parameter)}
        {parameter.required && (
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        )}
      </p>
      <CodeEditor
        label={labelOf(parameter)}
        value={String(value)}
        onChange={onChange}
        language={language}
        schema={schema.data ?? null}
        size={size}
        onValidityChange={(_valid, problems) => onProblem(problems.find((problem) => problem.severity === 'error')?.message)}
        hideProblems
      />
      {parameter.description && <FieldMessage tone="info">{parameter.description}</FieldMessage>}
      {schema.isError && <FieldMessage tone="info">The JSON schema of this parameter could not be loaded: {schema.error.message}</FieldMessage>}
      {error && <FieldMessage tone="error">{error}</FieldMessage>}
    </div>
  );
}
