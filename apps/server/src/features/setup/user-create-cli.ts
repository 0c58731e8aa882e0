/**
 * `npm run user:create -w apps/server -- --email a@b.c --name "Ana" --role Administrator
 *   [--organization "Company"] [--language es-MX] [--password-stdin]`
 *
 * Creates a user in the database the server uses (DATABASE_URL, or the embedded database under
 * DATA_DIR: stop the server first, the embedded database has one user at a time). The password
 * comes from standard input with --password-stdin, otherwise it is asked for twice at the terminal.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { CreateUserError, createUser } from './create-user.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks at the terminal without echoing what is typed. */
async function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'Administrator' },
      organization: { type: 'string' },
      language: { type: 'string', default: 'en-US' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (!values.email || !values.name) throw new CreateUserError('--email and --name are required');
  let password: string;
  if (values['password-stdin']) {
    password = await readStdin();
  } else {
    if (!process.stdin.isTTY) throw new CreateUserError('No terminal to ask for the password: use --password-stdin');
    password = await ask('Password: ');
    if ((await ask('Password again: ')) !== password) throw new CreateUserError('The passwords do not match.');
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const user = await createUser(database.db, {
      email: values.email,
      name: values.name,
      role: values.role,
      organization: values.organization,
      language: values.language,
      password,
    });
    console.log(`Created ${user.email} (${user.role}, ${user.organization}). They can sign in now.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof CreateUserError || err instanceof Error ? err.message : err);
  process.exit(1);
});
