/** The project's documents, served by the Pharos server itself. */
export const DOCS_LINKS = [
  { label: 'Set up and configuration', href: '/docs/README.md' },
  { label: 'Data service (/api/db)', href: '/docs/data-service.md' },
] as const;
