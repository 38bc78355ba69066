-- 0054_stored_only_connection_types.sql
-- Connections applied from mission-control files may be of a type Pharos keeps without a client of
-- its own (STORED_ONLY_CONNECTION_TYPES in core/src/connections/typed-blocks.ts): AI providers, key
-- management services, Loki, OpenSearch, GitLab, GCS and Facet. They are stored and printed back,
-- and testing one says that Pharos has no client for it.
--
-- Changes
--   connections.type : the check accepts those types besides Pharos's own.

ALTER TABLE connections DROP CONSTRAINT connections_type_check;
ALTER TABLE connections ADD CONSTRAINT connections_type_check CHECK (type IN (
  'aws', 's3', 'azure', 'azure_devops', 'discord', 'dynatrace', 'elasticsearch',
  'email', 'google_cloud', 'generic_webhook', 'git', 'github', 'google_chat', 'http',
  'ifttt', 'jmeter', 'kubernetes', 'ldap', 'matrix', 'mattermost', 'mongo', 'mysql',
  'ntfy', 'opsgenie', 'postgres', 'prometheus', 'pushbullet', 'pushover', 'redis',
  'restic', 'rocketchat', 'sftp', 'slack', 'slackwebhook', 'smb', 'sql_server',
  'teams', 'telegram', 'webhook', 'windows', 'zulip_chat', 'folder',
  'anthropic', 'awskms', 'azure_key_vault', 'facet', 'gcpkms', 'gcs', 'gemini', 'gitlab',
  'loki', 'ollama', 'openai', 'opensearch'));
