import { cloneElement, Suspense, useState, type ReactElement, type ReactNode } from 'react';

export interface DeferredMenuProps {
  /** The menu's button, drawn at once; the menu module wraps the same element in its trigger. */
  trigger: ReactElement<{ onClick?: () => void; 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean }>;
  /** The menu itself, from a lazily loaded module; `opened`: its button was pressed before it arrived. */
  menu: (opened: boolean) => ReactNode;
  /** Called when the button is pressed before the menu arrived. */
  onOpen?: () => void;
}

/**
 * A menu of the shell whose code (menu, positioning, focus handling) loads while the shell is
 * already painted: until then its button stands alone, and a press on it opens the menu once the
 * code is there.
 */
export function DeferredMenu({ trigger, menu, onOpen }: DeferredMenuProps) {
  const [opened, setOpened] = useState(false);
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: () => {
      setOpened(true);
      onOpen?.();
    },
  });
  return <Suspense fallback={placeholder}>{menu(opened)}</Suspense>;
}
