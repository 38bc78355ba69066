import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { linkClass } from '../../../ui/link-styles';

/** 'Go back' to an in-app path. */
export function GoBackLink({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className={`${linkClass} inline-flex items-center gap-1`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Go back
    </Link>
  );
}
