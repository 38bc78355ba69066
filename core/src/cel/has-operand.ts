/**
 * cel-go's `has(e.f)` takes any expression `e`: config-db's own kubernetes example tests
 * `has(patch.status.containerStatuses[0].restartCount)`. The engine's has() macro takes only a chain of
 * fields from a variable and refuses the rest ('has() invalid argument') when it checks the expression.
 * For a has() whose chain starts elsewhere, this gives the parsed call a macro of the same shape that
 * evaluates `e` and then asks the engine, as its own macro does, whether `e` holds the field `f`.
 */
interface Node {
  op: string;
  args: unknown;
  meta?: Record<string, unknown>;
  setMeta?: (key: string, value: unknown) => Node;
}

interface Checker {
  check(node: Node, ctx: unknown): unknown;
  getType(name: string): unknown;
}

interface Evaluator {
  run(node: Node, ctx: unknown): unknown;
  debugType(value: unknown): { fieldLazy(value: unknown, field: string, node: Node, ev: Evaluator): unknown };
}

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && typeof (value as Node).op === 'string' && 'args' in value;

/** The engine's has() accepts `a.b.c`: fields from a variable, each `.` or `.?`. */
function startsAtVariable(node: Node): boolean {
  let current: unknown = node;
  while (isNode(current) && (current.op === '.' || current.op === '.?') && Array.isArray(current.args)) current = current.args[0];
  return isNode(current) && current.op === 'id';
}

/** Gives a parsed `has(e.f)` whose `e` is not a variable's field chain a macro that evaluates `e`. */
export function useHasOfAnyOperand(node: Node): void {
  if (node.op !== 'call' || !Array.isArray(node.args) || node.args[0] !== 'has' || !Array.isArray(node.args[1]) || node.args[1].length !== 1) return;
  const target: unknown = node.args[1][0];
  if (!isNode(target) || target.op !== '.' || !Array.isArray(target.args) || startsAtVariable(target)) return;
  const [operand, field] = target.args as [unknown, unknown];
  if (!isNode(operand) || typeof field !== 'string' || !node.meta?.['macro'] || !node.setMeta) return;
  node.setMeta('macro', {
    args: [target],
    async: false,
    typeCheck(checker: Checker, _macro: unknown, ctx: unknown) {
      checker.check(operand, ctx);
      return checker.getType('bool');
    },
    evaluate(ev: Evaluator, _macro: unknown, ctx: unknown) {
      const value = ev.run(operand, ctx);
      return ev.debugType(value).fieldLazy(value, field, target, ev) !== undefined;
    },
  });
}
