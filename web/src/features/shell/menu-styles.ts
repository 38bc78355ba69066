/** Classes shared by the shell's dropdown menus (user menu, docs menu, collapsed settings). */
export const menuContentClass =
  'z-50 min-w-48 rounded-md border border-border bg-surface p-1 text-fg shadow-lg focus:outline-none';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-fg outline-none select-none ' +
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-45';

export const menuLabelClass = 'px-2 py-1 text-xs font-semibold tracking-wide text-fg-muted uppercase';

export const menuSeparatorClass = 'my-1 h-px bg-border';

/** A square icon button of the header. */
export const iconButtonClass =
  'inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg ' +
  'data-[state=open]:bg-surface-muted data-[state=open]:text-fg disabled:cursor-not-allowed disabled:opacity-60';
