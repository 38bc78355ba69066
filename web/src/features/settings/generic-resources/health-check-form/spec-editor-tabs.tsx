import { useState, type ReactNode } from 'react';
import { Tabs } from '../../../../ui/tabs';
import type { Touched } from './check-card';
import { HealthCheckSpecForm } from './health-check-spec-form';

export interface HealthCheckSpecTabsProps {
  value: string;
  onChange: (value: string) => void;
  touched: Touched;
  disabled: boolean;
  /** The YAML editor of the same spec. */
  yaml: ReactNode;
}

/** A canary's spec, edited with the health-check form or as YAML; both change the same text. */
export function HealthCheckSpecTabs({ value, onChange, touched, disabled, yaml }: HealthCheckSpecTabsProps) {
  const [view, setView] = useState('form');
  return (
    <Tabs
      label="Spec editor"
      value={view}
      onValueChange={setView}
      items={[
        { value: 'form', label: 'Form', content: <HealthCheckSpecForm value={value} onChange={onChange} touched={touched} disabled={disabled} /> },
        { value: 'yaml', label: 'YAML', content: yaml },
      ]}
    />
  );
}
