import { newPassword } from '@rcm/shared/accounts';
import { LOCALES, type Locale } from '@rcm/shared/locale';
import type { Db } from '../../db/client.ts';
import { createAuditRepo, systemActor } from '../audit/repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ADMINISTRATOR_ROLE, createSetupRepo } from './repo.ts';

export type CreateUserInput = {
  email: string;
  name: string;
  role: string;
  /** The organization's name: found, or created. Absent: the first organization. */
  organization?: string;
  password: string;
  language?: string;
};

/** Why a scripted user creation was refused, in words for the operator's terminal. */
export class CreateUserError extends Error {}

/**
 * Creates a user from the command line (scripted installs): the `Administrator` role is created
 * with every permission when it does not exist yet; any other role must exist. A weak password, a
 * taken address or an unknown role is refused and nothing is written.
 */
export async function createUser(db: Db, input: CreateUserInput) {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CreateUserError(`Not an email address: ${input.email}`);
  if (!name) throw new CreateUserError('--name is required');
  const password = newPassword.safeParse(input.password);
  if (!password.success) {
    throw new CreateUserError('The password is too weak: use 8 or more characters, not a common password.');
  }
  const language = input.language ?? 'en-US';
  if (!(LOCALES as readonly string[]).includes(language)) {
    throw new CreateUserError(`--language must be one of ${LOCALES.join(', ')}`);
  }
  const repo = createSetupRepo(db);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await repo.lockSetup(tx);
    if (await repo.emailTaken(tx, email)) throw new CreateUserError(`A user with the email ${email} already exists.`);
    const role =
      input.role === ADMINISTRATOR_ROLE ? await repo.administratorRole(tx) : await repo.roleByName(tx, input.role);
    if (!role) throw new CreateUserError(`No role named "${input.role}".`);
    // A scripted install offers the same roles as one set up in the browser.
    if (input.role === ADMINISTRATOR_ROLE) await repo.ensureStandardRoles(tx);
    const organization = input.organization
      ? ((await repo.organizationByName(tx, input.organization)) ??
        (await repo.insertOrganization(tx, input.organization)))
      : await repo.firstOrganization(tx);
    if (!organization) {
      throw new CreateUserError('The database has no organization yet: name one with --organization "Company name".');
    }
    const userId = await repo.insertUser(tx, {
      name,
      email,
      passwordHash,
      language: language as Locale,
      organizationId: organization.id,
      roleId: role.id,
    });
    await createAuditRepo(db).recordBy(
      systemActor(),
      {
        organizationId: organization.id,
        action: 'user.create',
        subjectType: 'user',
        subjectId: userId,
        after: { name, email, role: role.name, organization: organization.name, via: 'command line' },
      },
      tx,
    );
    return { id: userId, email, role: role.name, organization: organization.name };
  });
}
