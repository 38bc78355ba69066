import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SkeletonScreen } from '../ui/skeleton';

/** A page that runs outside the router (the sign-in page): reached from within the app, it loads as a new document. */
export function LoadAsDocument() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <SkeletonScreen />;
}
