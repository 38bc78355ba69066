import { useQuery } from '@tanstack/react-query';
import { db } from '../../../../api/postgrest';
import { settingsKeys } from '../../../../api/settings-keys';

/** Names of the saved connections by type, for the checks that may name one (mongo). */
export function useConnectionNames(): (type: string) => string[] {
  const connections = useQuery({
    queryKey: settingsKeys.list('connections', { names: true }),
    queryFn: async ({ signal }) => {
      const { data } = await db.from('connections').select('name,namespace,type').is('deleted_at', null).order('name').abortSignal(signal).throwOnError();
      return (data ?? []) as { name: string; namespace: string; type: string }[];
    },
    meta: { errorToast: false },
  });
  return (type) => (connections.data ?? []).filter((row) => row.type === type).map((row) => `connection://${row.namespace}/${row.name}`);
}
