/** Classes of an inline text link (for react-router's <Link> or a plain <a>). */
export const linkClass =
  'font-medium text-accent underline-offset-2 hover:underline hover:text-accent-hover rounded-sm';
