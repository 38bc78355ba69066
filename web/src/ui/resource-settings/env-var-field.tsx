import { ENV_VAR_MODES, formatEnvVar, parseEnvVar, type EnvVarMode } from '@pharos/core';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../button';
import { cn } from '../cn';
import { inputClass, TextInput } from '../text-input';

export interface EnvVarFieldProps {
  label: string;
  required?: boolean;
  /** The stored text: a value, or `secret://name/key` / `configmap://name/key`. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A static value is typed as a password. */
  secret?: boolean;
  multiline?: boolean;
  /** A secret is saved and kept unless replaced or removed. */
  saved?: boolean;
  onRemoveSaved?: () => void;
  hint?: string;
  messages?: ReactNode;
  disabled?: boolean;
}

const MODE_LABELS: Readonly<Record<EnvVarMode, string>> = { Static: 'Static', Secret: 'Secret', ConfigMap: 'ConfigMap' };

/**
 * A secret-or-value field (spec 3, section 3): a static value, or the name and key of a secret or
 * config map. Switching mode clears the values; an existing value opens in its own mode; a
 * reference is stored only once both name and key are filled.
 */
export function EnvVarField({ label, required, value, onChange, onBlur, secret, multiline, saved, onRemoveSaved, hint, messages, disabled }: EnvVarFieldProps) {
  const id = useId();
  const [reference, setReference] = useState(() => parseEnvVar(value));
  const mode = reference.mode;

  const switchTo = (next: EnvVarMode) => {
    if (next === mode) return;
    setReference(next === 'Static' ? { mode: 'Static', value: '' } : { mode: next, name: '', key: '' });
    onChange('');
  };
  const setPart = (part: 'name' | 'key', text: string) => {
    if (reference.mode === 'Static') return;
    const next = { ...reference, [part]: text };
    setReference(next);
    onChange(formatEnvVar(next));
  };

  return (
    <fieldset className="relative min-w-0" onBlur={onBlur} aria-describedby={messages ? `${id}-messages` : undefined}>
      <div className="mb-1 flex items-center gap-2">
        <legend className="text-[0.8125rem] font-medium text-fg">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          )}
        </legend>
        <div role="radiogroup" aria-label={`${label} source`} className="ml-auto flex rounded-md border border-border text-xs">
          {ENV_VAR_MODES.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={mode === option}
              disabled={disabled}
              onClick={() => switchTo(option)}
              className={cn('px-2 py-0.5 first:rounded-l-md last:rounded-r-md', mode === option ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-surface-muted')}
            >
              {MODE_LABELS[option]}
            </button>
          ))}
        </div>
      </div>
      {reference.mode === 'Static' ? (
        <StaticValue
          id={id}
          label={label}
          value={value}
          onChange={(text) => {
            setReference({ mode: 'Static', value: text });
            onChange(text);
          }}
          secret={secret}
          multiline={multiline}
          saved={saved}
          disabled={disabled}
          required={required}
        />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <TextInput label={`${MODE_LABELS[mode]} name`} value={reference.name} onChange={(event) => setPart('name', event.target.value)} disabled={disabled} />
          <TextInput label="Key" value={reference.key} onChange={(event) => setPart('key', event.target.value)} disabled={disabled} />
        </div>
      )}
      {saved && value === '' && reference.mode === 'Static' && (
        <p className="mt-1 flex items-center gap-2 text-[0.8125rem] text-fg-muted">
          A value is saved; leave the field empty to keep it.
          {onRemoveSaved && (
            <Button variant="ghost" size="sm" onClick={onRemoveSaved} disabled={disabled}>
              Remove saved value
            </Button>
          )}
        </p>
      )}
      {hint && <p className="mt-1 text-[0.8125rem] text-fg-muted">{hint}</p>}
      {messages && <div id={`${id}-messages`}>{messages}</div>}
    </fieldset>
  );
}

function StaticValue({
  id,
  label,
  value,
  onChange,
  secret,
  multiline,
  saved,
  disabled,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  secret?: boolean;
  multiline?: boolean;
  saved?: boolean;
  disabled?: boolean;
  required?: boolean;
}) {
  const placeholder = saved ? '•••••••• (saved)' : undefined;
  if (multiline) {
    return (
      <textarea
        id={id}
        aria-label={label}
        aria-required={required || undefined}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={5}
        spellCheck={false}
        className={cn(inputClass, 'h-auto py-2 font-mono text-xs')}
      />
    );
  }
  return (
    <input
      id={id}
      aria-label={label}
      aria-required={required || undefined}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : 'off'}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      className={inputClass}
    />
  );
}
