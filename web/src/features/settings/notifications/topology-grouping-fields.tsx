import { Checkbox } from '../../../ui/checkbox';
import { FieldMessage } from '../../../ui/field-message';
import { TextInput } from '../../../ui/text-input';
import type { NotificationFormValues } from './form-values';

export const GROUP_LABEL = 'Group dependent failures under their root';
export const GROUP_HINT = 'While a component is unhealthy, failures of its child components and their checks are held and sent as one message naming it when the window closes.';

interface TopologyGroupingFieldsProps {
  values: NotificationFormValues;
  error: string | undefined;
  onChange: (values: NotificationFormValues) => void;
}

/** The switch that groups failures under their unhealthy root, and the window a group holds them for. */
export function TopologyGroupingFields({ values, error, onChange }: TopologyGroupingFieldsProps) {
  return (
    <div className="flex flex-col gap-2">
      <Checkbox
        label={GROUP_LABEL}
        checked={values.group_by_topology}
        onChange={(event) => onChange({ ...values, group_by_topology: event.target.checked })}
        messages={<FieldMessage tone="info">{GROUP_HINT}</FieldMessage>}
      />
      {values.group_by_topology && (
        <TextInput
          label="Group Window"
          placeholder="5m"
          value={values.group_window}
          invalid={error !== undefined}
          messages={error && <FieldMessage tone="error">{error}</FieldMessage>}
          onChange={(event) => onChange({ ...values, group_window: event.target.value })}
        />
      )}
    </div>
  );
}
