import { useParams } from 'react-router';
import { InsightsList } from './insights-list';

/** The Insights tab of a config's page. */
export function ConfigInsightsTab({ configId }: { configId?: string }) {
  const params = useParams();
  const id = configId ?? params['id'];
  if (!id) return null;
  return <InsightsList configId={id} />;
}
