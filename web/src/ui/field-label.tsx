import type { ReactNode } from 'react';

/** The label above a text field, with a red mark when the field is required. */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean | undefined; children: ReactNode }) {
  return (
    <div className="mb-1 flex items-baseline gap-0.5 text-[0.8125rem] font-medium">
      <label htmlFor={htmlFor} className="text-fg">
        {children}
      </label>
      {/* Outside the label: `required` already tells assistive technology, the mark is for the eye. */}
      {required && (
        <span aria-hidden="true" className="text-danger">
          *
        </span>
      )}
    </div>
  );
}
