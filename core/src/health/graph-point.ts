/** One bucket of a check's history, as `GET /api/canary/api/graph` answers it. */
export interface GraphPoint {
  time: string;
  /** Every run of the bucket passed. */
  status: boolean;
  /** Mean duration (ms) of its runs. */
  duration: number;
  passed: number;
  failed: number;
}
