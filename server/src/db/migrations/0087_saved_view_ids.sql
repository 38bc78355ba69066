-- 0087_saved_view_ids.sql
-- A saved view ({id, name, path, search} in a person's `views.*` preference) opens for another person
-- by its id (`?view=<id>`, GET /api/views/{id}); this index finds it among everyone's views.

CREATE INDEX person_preferences_views_idx ON person_preferences USING gin (value jsonb_path_ops) WHERE key LIKE 'views.%';
