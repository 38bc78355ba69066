/**
 * A canary-checker script over named variables: the script sandbox hands a script one `config`
 * variable, unpacked here so the script sees each variable by its name (`json`, `results`, …); the
 * script's last value, as JSON, is the answer.
 */
export function javascriptOver(script: string, env: Record<string, unknown>): string {
  const names = Object.keys(env).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const unpack = names.map((name) => `var ${name} = __env[${JSON.stringify(name)}];`).join(' ');
  return `var __env = config; ${unpack}\nJSON.stringify(eval(${JSON.stringify(script)}))`;
}
