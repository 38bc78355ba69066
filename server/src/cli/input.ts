/** Reads a password typed at a terminal without echoing it. */
export function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Interrupted'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of standard input (for `echo "$PASSWORD" | pharos user create …`). */
export async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** All of standard input, without its last line break (a certificate or key spans lines). */
export async function readAll(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text.replace(/\r?\n$/, '');
}
