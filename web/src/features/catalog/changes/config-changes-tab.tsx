import { useParams } from 'react-router';
import { ChangesList } from './changes-list';

/** The Changes tab of a config's page: its changes, and its related configs' downstream (and upstream when asked). */
export function ConfigChangesTab({ configId }: { configId?: string }) {
  const params = useParams();
  const id = configId ?? params['id'];
  if (!id) return null;
  return <ChangesList configId={id} />;
}
