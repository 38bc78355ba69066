export { TopologyPage } from './topology-page';
export { TopologyViewPage } from './topology-view-page';
