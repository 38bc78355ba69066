-- 0058_team_jobs_and_invited_people.sql
-- The Teams list's Job Status and Last Run come from the work Pharos does for a team: creating and
-- following its incident responders in the team's client system, and sending the notifications
-- addressed to it (plus any job recorded under the team's id). The users list tells an invited person
-- who has not accepted yet from an active one.
--
-- Creates
--   functions : team_job_status(team_id uuid)   last run of a team's jobs, shaped as resource_job_status
--   views     : teams_with_status               (re-created) job columns from team_job_status
--               people_roles                    (replaced) + invited: an identity that has neither a
--                                                 credential nor a verified address yet

CREATE FUNCTION team_job_status(p_team_id uuid)
RETURNS TABLE (
  last_runtime    timestamptz,
  job_last_failed timestamptz,
  job_status      text,
  job_details     jsonb,
  job_name        text,
  job_time_start  timestamptz
)
LANGUAGE sql STABLE AS $$
  WITH runs AS (
    SELECT jh.time_start AS at, jh.status, jh.details, jh.name
      FROM job_histories jh
     WHERE jh.resource_id = p_team_id::text
    UNION ALL
    -- each read or creation of a team responder's remote item; a failure leaves its error on the responder
    SELECT r.synced_at,
           CASE WHEN r.properties ? 'error' THEN 'FAILED' ELSE 'SUCCESS' END,
           CASE WHEN r.properties ? 'error' THEN jsonb_build_object('errors', jsonb_build_array(r.properties ->> 'error'))
                ELSE '{}'::jsonb END,
           'IncidentResponders'
      FROM responders r
     WHERE r.team_id = p_team_id AND r.type = 'system' AND r.synced_at IS NOT NULL
    UNION ALL
    -- sends of the notifications addressed to the team (silenced and repeat-interval ones were not sent)
    SELECT h.created_at,
           CASE h.status WHEN 'failed' THEN 'FAILED' WHEN 'pending' THEN 'RUNNING' ELSE 'SUCCESS' END,
           CASE WHEN h.status = 'failed' AND h.error IS NOT NULL THEN jsonb_build_object('errors', jsonb_build_array(h.error))
                ELSE '{}'::jsonb END,
           'Notification'
      FROM notification_send_history h
      JOIN notifications n ON n.id = h.notification_id
     WHERE n.team_id = p_team_id AND h.status IN ('pending', 'sent', 'failed')
  )
  SELECT l.at, f.last_failed, l.status, l.details, l.name, l.at
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (SELECT runs.at, runs.status, runs.details, runs.name FROM runs ORDER BY runs.at DESC LIMIT 1) AS l ON true
  LEFT JOIN LATERAL (SELECT max(runs.at) AS last_failed FROM runs WHERE runs.status = 'FAILED') AS f ON true
$$;

DROP VIEW teams_with_status;
CREATE VIEW teams_with_status AS
SELECT t.*,
       js.last_runtime, js.job_last_failed, js.job_status, js.job_details, js.job_name,
       js.job_time_start
FROM teams t
LEFT JOIN LATERAL team_job_status(t.id) js ON true;

CREATE OR REPLACE VIEW people_roles AS
SELECT p.id,
       p.name,
       p.email,
       p.avatar,
       coalesce((SELECT array_agg(pr.role ORDER BY pr.role)
                   FROM person_roles pr
                  WHERE pr.person_id = p.id), '{}'::text[]) AS roles,
       i.state,
       p.type,
       p.last_login,
       p.created_at,
       p.updated_at,
       p.deleted_at,
       (i.id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM identity_credentials c WHERE c.identity_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM identity_verifiable_addresses a WHERE a.identity_id = i.id AND a.verified)) AS invited
FROM people p
LEFT JOIN identities i ON i.id = p.id;
