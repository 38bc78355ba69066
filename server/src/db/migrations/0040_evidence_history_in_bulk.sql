-- 0040_evidence_history_in_bulk.sql
-- An incident rule adds thousands of evidences in one statement (10,000 checks failing at once): their
-- evidence.created history is written by one statement-level trigger instead of a row trigger that
-- looked up each evidence's hypothesis and called incident_history_record() once per row. The rows
-- and their events are the same.
--
-- Creates
--   functions : evidences_history_inserted()   evidence.created for every inserted evidence
-- Changes
--   triggers  : evidences_history              now only evidence.done_definition_added (UPDATE)

DROP TRIGGER evidences_history ON evidences;
CREATE TRIGGER evidences_history AFTER UPDATE OF definition_of_done ON evidences
  FOR EACH ROW EXECUTE FUNCTION evidences_history_trigger();

CREATE FUNCTION evidences_history_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, type, description, properties, evidence_id, hypothesis_id, created_by)
  SELECT h.incident_id, 'evidence.created', n.description, jsonb_build_object('type', n.type), n.id, n.hypothesis_id,
         coalesce(n.created_by, current_person_id())
    FROM new_rows n JOIN hypotheses h ON h.id = n.hypothesis_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER evidences_history_inserted AFTER INSERT ON evidences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION evidences_history_inserted();
