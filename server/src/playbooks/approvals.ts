import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { queueRun } from './run-engine.js';

/** `approval` of a playbook spec: who may approve its runs, and whether one of them suffices (`any`) or each must (`all`). */
export interface ApprovalSpec {
  type: 'any' | 'all';
  /** People by id or by verified email, lower-cased; a display name names nobody. */
  people: string[];
  /** Team names: a member approves on the team's behalf. */
  teams: string[];
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);

/** The approval a spec asks for, if it asks for one with at least one approver. */
export function approvalOf(spec: unknown): ApprovalSpec | undefined {
  if (!isRecord(spec) || !isRecord(spec['approval'])) return undefined;
  const approval = spec['approval'];
  const approvers = isRecord(approval['approvers']) ? approval['approvers'] : {};
  const people = texts(approvers['people']).map((person) => person.trim().toLowerCase());
  const teams = texts(approvers['teams']);
  if (people.length === 0 && teams.length === 0) return undefined;
  return { type: approval['type'] === 'all' ? 'all' : 'any', people, teams };
}

/**
 * Whether a run with status 'waiting' waits for its approvers (nothing of it has run yet), rather
 * than for an agent to take one of its actions (`runsOn`).
 */
export async function awaitsApproval(db: Queryable, runId: string, spec: unknown): Promise<boolean> {
  if (!approvalOf(spec)) return false;
  const { rows } = await db.query('SELECT 1 FROM playbook_run_actions WHERE playbook_run_id = $1 LIMIT 1', [runId]);
  return rows.length === 0;
}

/** An approval refused: the status to answer and why. */
export class ApprovalError extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

interface Approver {
  personId: string;
  /** The spec's team the person approves for, when not named as a person. */
  teamId: string | null;
}

/**
 * Whether the person `p` is one of the spec's `$2` people: by id, or by an email they proved (see
 * person_verified_emails); a name anyone may give themselves at registration never counts.
 */
const NAMED_PERSON = `(p.id::text = ANY($2::text[]) OR EXISTS (SELECT 1 FROM person_verified_emails v WHERE v.person_id = p.id AND v.email = ANY($2::text[])))`;

/** A pool or a client inside a transaction. */
type Queryable = Pick<pg.PoolClient, 'query'>;

/** How the caller may approve under the spec: as a named person, else as a member of a named team. */
async function approverOf(db: Queryable, spec: ApprovalSpec, personId: string): Promise<Approver | undefined> {
  const { rows } = await db.query<{ named: boolean; team_id: string | null }>(
    `SELECT ${NAMED_PERSON} AS named,
            (SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id
              WHERE m.person_id = p.id AND t.name = ANY($3::text[]) AND t.deleted_at IS NULL ORDER BY t.name LIMIT 1) AS team_id
       FROM people p WHERE p.id = $1`,
    [personId, spec.people, spec.teams],
  );
  const row = rows[0];
  if (!row || (!row.named && !row.team_id)) return undefined;
  return { personId, teamId: row.named ? null : row.team_id };
}

/** Whether the approvals given meet the spec: one of them for `any`; every named person and team for `all`. */
async function approved(db: pg.PoolClient, runId: string, spec: ApprovalSpec): Promise<boolean> {
  const { rows } = await db.query<{ given: number; people: number; teams: number }>(
    `SELECT count(*)::int AS given,
            count(DISTINCT p.id) FILTER (WHERE ${NAMED_PERSON})::int AS people,
            count(DISTINCT t.id) FILTER (WHERE t.name = ANY($3::text[]))::int AS teams
       FROM playbook_approvals a LEFT JOIN people p ON p.id = a.person_id AND a.team_id IS NULL LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.run_id = $1`,
    [runId, spec.people, spec.teams],
  );
  const counts = rows[0]!;
  return spec.type === 'any' ? counts.given > 0 : counts.people >= new Set(spec.people).size && counts.teams >= new Set(spec.teams).size;
}

/**
 * `POST /api/playbook/run/approve/{id}`: the caller approves a run waiting for approval, if the spec
 * names them (or a team of theirs) and they did not ask for the run themselves (four eyes). Once the
 * approvals meet the spec the run is queued. Answers the run's status after it.
 */
export function approveRun(pool: pg.Pool, runId: string, personId: string): Promise<string> {
  return transaction(pool, async (db) => {
    const { rows } = await db.query<{ status: string; spec: unknown; created_by: string | null }>('SELECT status, spec, created_by FROM playbook_runs WHERE id = $1 FOR UPDATE', [runId]);
    const run = rows[0];
    if (!run) throw new ApprovalError(404, `No playbook run ${runId}`);
    const spec = approvalOf(run.spec);
    if (!spec || run.status !== 'waiting' || !(await awaitsApproval(db, runId, run.spec))) throw new ApprovalError(409, `This run is ${run.status} and waits for no approval`);
    if (run.created_by === personId) throw new ApprovalError(403, 'You asked for this run: someone else must approve it');
    const approver = await approverOf(db, spec, personId);
    if (!approver) throw new ApprovalError(403, "You are not one of this playbook's approvers");
    const inserted = await db.query(
      // One approval per person and per team (unique indexes): a second is no approval.
      'INSERT INTO playbook_approvals (run_id, person_id, team_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [runId, approver.personId, approver.teamId],
    );
    if (inserted.rowCount === 0) throw new ApprovalError(409, approver.teamId ? 'Your team has approved this run already' : 'You have approved this run already');
    if (!(await approved(db, runId, spec))) return 'waiting';
    await db.query(`UPDATE playbook_runs SET status = 'pending' WHERE id = $1`, [runId]);
    await queueRun(db, runId);
    return 'pending';
  });
}

/**
 * Why the person may not approve the run now (the message approving would answer), or null when
 * they may: what the run screen shows beside a disabled Approve instead of letting it end in a 403.
 */
export async function approvalRefusal(db: Queryable, runId: string, personId: string): Promise<string | null> {
  const { rows } = await db.query<{ status: string; spec: unknown; created_by: string | null }>('SELECT status, spec, created_by FROM playbook_runs WHERE id = $1', [runId]);
  const run = rows[0];
  if (!run) return `No playbook run ${runId}`;
  const spec = approvalOf(run.spec);
  if (!spec || run.status !== 'waiting' || !(await awaitsApproval(db, runId, run.spec))) return `This run is ${run.status} and waits for no approval`;
  if (run.created_by === personId) return 'You asked for this run: someone else must approve it';
  const approver = await approverOf(db, spec, personId);
  if (!approver) return "You are not one of this playbook's approvers";
  const given = await db.query(
    approver.teamId ? 'SELECT 1 FROM playbook_approvals WHERE run_id = $1 AND team_id = $2' : 'SELECT 1 FROM playbook_approvals WHERE run_id = $1 AND person_id = $2 AND team_id IS NULL',
    [runId, approver.teamId ?? approver.personId],
  );
  if ((given.rowCount ?? 0) > 0) return approver.teamId ? 'Your team has approved this run already' : 'You have approved this run already';
  return null;
}
