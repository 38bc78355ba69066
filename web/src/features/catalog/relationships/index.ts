export { ConfigRelationshipsTab, type ConfigRelationshipsTabProps } from './config-relationships-tab';
